import { usePackages } from '../features/payments/api/get-packages';
import { PackageGrid } from '../features/payments/package-grid';
import { checkoutPath } from '../features/payments/payments.rules';
import * as p from '../components/ui/page.css';
import { useT } from '../lib/i18n';
import { useStore } from '../lib/store';
import { sessionStore } from '../lib/user';

/** /pricing (public): the live packages for the visitor's country above the pricing text; visitors are led to the signup. */
export function PricingPackages() {
  const t = useT();
  const { user } = useStore(sessionStore);
  const country = usePackages().data?.country;
  let countryName = country ?? '';
  try {
    if (country) countryName = new Intl.DisplayNames([document.documentElement.lang || 'nl'], { type: 'region' }).of(country) ?? country;
  } catch {
    /* the code itself */
  }
  return (
    <section className={p.page} aria-labelledby="pricing-packages">
      <div>
        <h2 id="pricing-packages" className={p.heading}>{t('pricing.packages')}</h2>
        {country && <p className={p.text}>{t('pricing.packages_intro', { country: countryName })}</p>}
      </div>
      <PackageGrid to={(pkg) => (user ? checkoutPath(pkg.id) : '/signup')} />
    </section>
  );
}
