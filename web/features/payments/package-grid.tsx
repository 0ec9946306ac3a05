import { Link } from 'react-router-dom';
import type { Package } from '../../../worker/contracts/payments';
import { pricePerMessage } from '../../../worker/contracts/payments.values';
import { visuallyHidden } from '../../components/layout/top-nav.css';
import { button } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useSettings } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { usePackages } from './api/get-packages';
import { discounted, discountFits, useActiveOffer } from './discount';
import { checkoutPath, messagesFor, ribbonTone } from './payments.rules';
import * as s from './package-grid.css';

/**
 * The packages of spec section 2: credits, what they are good for, the price and the price per
 * message, a discount ribbon (red on p2, green on p3) and the popular flag. Each leads to its
 * checkout (`to` may send visitors elsewhere, e.g. the signup on /pricing).
 */
export function PackageGrid({ to }: { to?: (pkg: Package) => string }) {
  const t = useT();
  const packages = usePackages();
  const offer = useActiveOffer();
  if (!packages.data) {
    const failure = packages.isFetching ? null : packages.error;
    return failure ? (
      <div>
        <FormAlert failure={failure} />
        <button type="button" className={button.outline} onClick={() => void packages.refetch()}>
          {t('packages.retry')}
        </button>
      </div>
    ) : (
      <p role="status" className={f.small}>
        {t('packages.loading')}
      </p>
    );
  }
  const fits = offer ? packages.data.packages.filter((pkg) => discountFits(offer, pkg)) : [];
  return (
    <>
      {offer && fits.length > 0 && (
        <p className={s.offer} role="status">
          {t(
            offer.kind === 'time_bonus'
              ? 'discount.time_bonus_applied'
              : offer.kind === 'welcome'
                ? 'discount.welcome_applied'
                : 'discount.applied',
            { percent: offer.percentage, code: offer.code },
          )}
        </p>
      )}
      <ul className={s.grid}>
        {packages.data.packages.map((pkg) => (
          <li key={pkg.id}>
            <PackageCard
              pkg={pkg}
              to={to ? to(pkg) : checkoutPath(pkg.id)}
              percent={offer && fits.includes(pkg) ? offer.percentage : null}
            />
          </li>
        ))}
      </ul>
      <p className={s.trust}>{t('packages.trust')}</p>
    </>
  );
}

/** A package; `percent`: the member's active discount on it (the price before it shown struck through beside). */
function PackageCard({ pkg, to, percent }: { pkg: Package; to: string; percent: number | null }) {
  const t = useT();
  const locale = useLocale();
  const { message_credits } = useSettings();
  const amount = percent === null ? pkg.price : discounted(pkg.price, percent);
  const price = formatMoney(amount, pkg.currency, locale);
  // the discounted price per message, by the rule the worker answers price_per_message with
  const perMessage = percent === null ? pkg.price_per_message : pricePerMessage(amount, pkg.credits, message_credits);
  const tone = ribbonTone(pkg.id);
  return (
    <article className={pkg.popular ? s.popularCard : s.card} aria-label={t('packages.choose_label', { credits: pkg.credits, price })}>
      {pkg.popular && <span className={s.flag}>{t('packages.popular')}</span>}
      {pkg.discount !== null && tone && <span className={s.ribbon[tone]}>{t('packages.discount', { percent: pkg.discount })}</span>}
      <p className={s.credits}>
        {pkg.credits}
        <span className={s.creditsWord}>{t('packages.credits_word')}</span>
      </p>
      <p className={s.messages}>{t('packages.messages', { count: messagesFor(pkg, message_credits) })}</p>
      <div>
        <p className={s.price}>
          {percent !== null && (
            <del className={s.was}>
              <span className={visuallyHidden}>{t('packages.was')} </span>
              {formatMoney(pkg.price, pkg.currency, locale)}
            </del>
          )}
          {price}
        </p>
        <p className={s.perMessage}>{t('packages.per_message', { money: formatMoney(perMessage, pkg.currency, locale) })}</p>
      </div>
      <Link
        to={to}
        className={`${pkg.popular ? button.primary : button.outline} ${s.choose}`}
        aria-label={t('packages.choose_link', { credits: pkg.credits, price })}
      >
        {t('packages.choose')}
      </Link>
    </article>
  );
}
