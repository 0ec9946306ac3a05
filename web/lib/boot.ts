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

