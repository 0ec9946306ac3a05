import type { User } from '../../../worker/contracts/account';
import { DISMISSAL_KEYS, dismissedAt } from '../../lib/dismissals';
import { showDisabledBanner } from './disabled-banner.rules';
import { showPhotoBanner } from './photo-banner.rules';

/**
 * Until the member layer's chunk arrives, the room of the one-row banners that will show (the
 * rules read only the inlined user and the dismissals), so the page does not move down when they
 * appear. Plain inline style: no banner styles in the first bundle. 3rem is banner.css RESERVED_ROW.
 */
export function BannerSpace({ user, route }: { user: User; route: string | undefined }) {
  const rows = Number(showPhotoBanner(user, route, dismissedAt(DISMISSAL_KEYS.enrich))) + Number(showDisabledBanner(user, route, dismissedAt(DISMISSAL_KEYS.disabledNotifications)));
  return rows ? <div aria-hidden="true" style={{ minHeight: `${rows * 3}rem` }} /> : null;
}
