import { Hono } from 'hono';
import type { Company } from '../../../tenants/schema';
import type { AppEnv } from '../../env';
import { cleanPhone } from '../settings/settings.service';

/** Spec section 9: terms version date defaults to 2023-12-01 12:00 UTC, or the company's added date when later. */
export const DEFAULT_TERMS_DATE = '2023-12-01T12:00:00.000Z';
export function termsDate(company: Company): string {
  const added = new Date(company.added).toISOString();
  return added > DEFAULT_TERMS_DATE ? added : DEFAULT_TERMS_DATE;
}

export const companyRoutes = new Hono<AppEnv>().get('/companyinfo.php', (c) => {
  const company = c.get('company');
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(
    {
      ...company,
      support_phone_clean: cleanPhone(company.support_phone),
      terms_date: termsDate(company),
    },
    200,
  );
});
