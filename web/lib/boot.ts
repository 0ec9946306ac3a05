import type { Company } from '../../tenants/schema';
import type { Settings } from '../../worker/features/settings/settings.service';

export type { Settings };
export type CompanyInfo = Company & { terms_date: string };
export type Boot = { settings: Settings; company: CompanyInfo };

/**
 * The worker inlines this site's settings and company info into index.html (script#boot), so
 * the first paint needs no round trip; without it (vite dev) they are fetched.
 */
export async function loadBoot(): Promise<Boot> {
  const inline = document.getElementById('boot')?.textContent;
  if (inline) return JSON.parse(inline) as Boot;
  const [settings, company] = await Promise.all(
    ['/api/settings.php', '/api/companyinfo.php'].map((u) => fetch(u).then((r) => r.json())),
  );
  return { settings, company } as Boot;
}

let current: Boot | null = null;
/** Route loaders run outside React; they read the boot data from here. */
export const setBoot = (boot: Boot) => void (current = boot);
export function getBoot(): Boot {
  if (!current) throw new Error('boot data not loaded');
  return current;
}
