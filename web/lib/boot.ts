import type { Company } from '../../tenants/schema';
import type { Settings } from '../../worker/features/settings/settings.service';

export type { Settings };
export type CompanyInfo = Company & { terms_date: string };
/** `user` is the logged-in member (the same object GET /api/user.php answers) or null. */
export type Boot = { settings: Settings; company: CompanyInfo; user: unknown };

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
  return { settings, company, user: (me as { user?: unknown }).user ?? null } as Boot;
}

