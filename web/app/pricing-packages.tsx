import { lazy, Suspense } from 'react';
import { usePackages } from '../features/payments/api/get-packages';
import { PackageGrid } from '../features/payments/package-grid';
import { checkoutPath } from '../features/payments/payments.rules';
import * as p from '../components/ui/page.css';
import { useT } from '../lib/i18n';
import { useStore } from '../lib/store';
import { sessionStore } from '../lib/user';
import { withChunkReload } from '../lib/chunk-reload';

/** The pricing text: the static pages' own chunk (a static import would fold it into this one, and the shell could no longer preload it for /pages). */
const StaticPage = lazy(withChunkReload(() => import('../features/pages/static-page').then((m) => ({ default: m.StaticPage }))));

const displayName = (locale: string, type: 'region' | 'currency', code: string) => {
  try {
    return new Intl.DisplayNames([locale], { type }).of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * /pricing (public): the live packages for the visitor's country above the pricing text; visitors
 * are led to the signup. The text names the methods and the currency of that same country, so a
 * Polish visitor never reads about euros and iDEAL.
 */
export function PricingPackages() {
  const t = useT();
  const { user } = useStore(sessionStore);
  const packages = usePackages();
  const locale = document.documentElement.lang || 'nl';
  const data = packages.data;
  const countryName = data ? displayName(locale, 'region', data.country) : '';
  // currency names are common nouns inside a sentence, except in German and English
  const currency = data ? displayName(locale, 'currency', data.currency) : '';
  const vars = data && {
    country: countryName,
    currency: /^(de|en)\b/.test(locale) ? currency : currency.charAt(0).toLocaleLowerCase(locale) + currency.slice(1),
    payment_methods: new Intl.ListFormat(locale, { type: 'disjunction' }).format(data.methods.map((m) => t(`checkout.methods.${m.id}`))),
  };
  return (
    <>
      <section className={p.page} aria-labelledby="pricing-packages">
        <div>
          <h2 id="pricing-packages" className={p.heading}>
            {t('pricing.packages')}
          </h2>
          {data && <p className={p.text}>{t('pricing.packages_intro', { country: countryName })}</p>}
        </div>
        <PackageGrid to={(pkg) => (user ? checkoutPath(pkg.id) : '/signup')} />
      </section>
      {vars && (
        <Suspense fallback={null}>
          <StaticPage page="pricing" vars={vars} />
        </Suspense>
      )}
    </>
  );
}
