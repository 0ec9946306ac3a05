import { useSettings } from '../../lib/boot';
import { LOGO_HEART } from '../../../worker/contracts/brand';

/** The site's logo in its brand colour (the tenant's `theme.color`). */
export function Logo({ className }: { className?: string }) {
  const { theme_color } = useSettings();
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill={theme_color} />
      <path d={LOGO_HEART} fill="#fff" />
    </svg>
  );
}
