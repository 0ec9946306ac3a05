import { Hono } from 'hono';
import { discountQuery, type ActiveDiscountAnswer, type DiscountAnswer } from '../../contracts/payments';
import { activeDiscount, checkDiscount, discountJson } from '../../domain/discounts';
import { buyerCountry, packagesIn } from '../../domain/payments';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { parseOrThrow } from '../../lib/validate';
import { requireMember } from '../../middleware/session';

const [welcomeQuery, codeQuery] = discountQuery.options;

/** A single bad field answers its own code; anything else is 400 invalid_request with the issues. */
function codeInput(t: Translate, query: Record<string, string>) {
  const result = codeQuery.safeParse(query);
  if (result.success) return result.data;
  const fields = new Set(result.error.issues.map((i) => String(i.path[0] ?? '')));
  if (fields.size === 1 && fields.has('code') && 'code' in query) throw new AppError('code_not_found', 404);
  if (fields.size === 1 && fields.has('package')) throw new AppError('package_not_found', 404);
  if (fields.size === 1 && fields.has('method')) throw new AppError('method_unavailable', 400);
  return parseOrThrow(t, codeQuery, query);
}

/**
 * GET /api/discountcode.php (members): ?welcome=true answers the member's active discount (the
 * time bonus while it runs, else the welcome code; `null` for none), ?code=X[&package=][&method=]
 * a code checked for this member, the buyer's country (as packages.php decides it) and, when given,
 * the package's price and the method. The contract's messages become the call's codes: an empty or
 * overlong code is 404 code_not_found (a missing one 400 invalid_request), an unknown tier 404 package_not_found, an unknown method 400
 * method_unavailable.
 */
export const discountRoutes = new Hono<AppEnv>().get('/discountcode.php', async (c) => {
  const me = await requireMember(c);
  const db = c.get('db');
  const query = c.req.query();
  const now = clock.now();
  c.header('Cache-Control', 'private, no-store');
  if ('welcome' in query) {
    parseOrThrow(c.get('t'), welcomeQuery, query);
    const active = await activeDiscount(db, me, now);
    return c.json({ discountcode: active ? discountJson(active, now) : null } satisfies ActiveDiscountAnswer, 200);
  }
  const { code, package: tier, method } = codeInput(c.get('t'), query);
  const settings = c.get('settings');
  const country = buyerCountry(settings, me.country, c.get('country'));
  const priced = packagesIn(settings, country);
  // the tenant check makes every country of the site have packages
  if (!priced) throw new Error(`no packages for ${country} on ${c.get('tenant').slug}`);
  const price = tier ? priced.packages.find((p) => p.id === tier)?.price : undefined;
  const discount = await checkDiscount(db, me, code, { country, currency: priced.currency, price, method, locale: c.get('locale') }, now);
  return c.json({ discountcode: discountJson(discount, now) } satisfies DiscountAnswer, 200);
});
