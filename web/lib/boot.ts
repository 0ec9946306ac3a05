import { createContext, useContext } from 'react';
import type { User } from '../../worker/contracts/account';
import type { CompanyInfo, Settings } from '../../worker/contracts/site';

/** `user` is the logged-in member (the same object GET /api/user.php answers) or null. */
export type Boot = { settings: Settings; company: CompanyInfo; user: User | null };

/**
 * The worker inlines this site's settings and company info into index.html (script#boot), so
 * the first paint needs no round trip; without it (vite dev) they are fetched.
 */
export async function loadBoot(): Promise<Boot> {
  const inline = document.getElementById('boot')?.textContent;
  if (inline) return JSON.parse(inline) as Boot;
  const [settings, company, me] = await Promise.all(
    ['/api/settings.php', '/api/companyinfo.php', '/api/user.php'].map((u) => fetch(u).then((r) => r.json())),
  );
  return { settings, company, user: (me as { user?: User }).user ?? null } as Boot;
}

/** The boot data for every screen and shared component; app/provider.tsx provides it. */
export const BootContext = createContext<Boot | null>(null);

export function useBoot(): Boot {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot outside AppProvider');
  return boot;
}
export const useSettings = () => useBoot().settings;
/**
 * The fictional profiles' label as a badge or a fact shows it (settings `fictional_singular`, which
 * sentences use as it is), its first letter a capital in the site's language: one text on the
 * member site and the landers alike ("Fictief profiel").
 */
export function useFictionalLabel(): string {
  const { fictional_singular: label, locale } = useSettings();
  return label.slice(0, 1).toLocaleUpperCase(locale) + label.slice(1);
}
export const useCompany = () => useBoot().company;
