import { Hono } from 'hono';
import type { CompanyInfoAnswer } from '../../contracts/site';
import type { AppEnv } from '../../env';
import { cleanPhone, companyInfo } from '../../lib/tenants';

export const companyRoutes = new Hono<AppEnv>().get('/companyinfo.php', (c) => {
  const company = c.get('company');
  c.header('Cache-Control', 'public, max-age=300');
  const answer: CompanyInfoAnswer = { ...companyInfo(company), support_phone_clean: cleanPhone(company.support_phone) };
  return c.json(answer, 200);
});
