import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Issuer, MethodInfo, Package, PackageTier, PaymentMethod } from '../../../worker/contracts/payments';
import { RequireLogin } from '../../components/layout/require-login';
import { button, disabledState } from '../../components/ui/button.css';
import { ErrorPage } from '../../components/ui/error-page';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useLocale, useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useIssuers } from './api/get-issuers';
import { usePackages } from './api/get-packages';
import { useStartPayment } from './api/start-payment';
import * as s from './checkout.css';
import { discounted, DiscountField, useAppliedDiscount } from './discount';
import { PaymentResult } from './payment-result';
import { checkoutPath, isMethod, isTier } from './payments.rules';
import ideal from './logos/ideal.svg';
import mastercard from './logos/mastercard.svg';
import paypal from './logos/paypal.svg';
import sepa from './logos/sepa.svg';
import visa from './logos/visa.svg';

/**
 * /credits/{id}/{paymentmethod?} (spec section 2): the package, the payment method choice, the bank
 * choice where the provider lists banks, then the provider's page; the provider sends the member
 * back here with ?payment=ID for the pending, complete or failed screen.
 */
export function CheckoutPage() {
  const { id, paymentmethod } = useParams();
  const [search] = useSearchParams();
  const payment = search.get('payment');
  if (!isTier(id) || (paymentmethod !== undefined && !isMethod(paymentmethod))) return <ErrorPage status={404} />;
  return (
    <RequireLogin>
      {payment ? (
        <PaymentResult key={payment} id={payment} tier={id} />
      ) : (
        <Checkout key={`${id}/${paymentmethod}`} tier={id} method={paymentmethod} />
      )}
    </RequireLogin>
  );
}

function Checkout({ tier, method }: { tier: PackageTier; method: PaymentMethod | undefined }) {
  const t = useT();
  const packages = usePackages();
  if (!packages.data) {
    const failure = packages.isFetching ? null : packages.error;
    return (
      <Panel title={t('checkout.title')}>
        {failure ? (
          <FormAlert failure={failure} />
        ) : (
          <p role="status" className={f.small}>
            {t('packages.loading')}
          </p>
        )}
      </Panel>
    );
  }
  const pkg = packages.data.packages.find((p) => p.id === tier);
  if (!pkg) return <Gone text={t('checkout.not_found')} />;
  const methods = packages.data.methods;
  const chosen = method ? methods.find((m) => m.id === method) : undefined;
  if (method && !chosen) return <Gone text={t('checkout.method_unknown')} />;
  // the return screen of a direct debit lives at this address; the form itself is /directdebit
  if (chosen?.id === 'directdebit') return <Navigate to={`/directdebit?package=${pkg.id}`} replace />;
  return chosen ? <PayWith pkg={pkg} method={chosen} /> : <ChooseMethod pkg={pkg} methods={methods} />;
}

function Gone({ text }: { text: string }) {
  const t = useT();
  return (
    <Panel title={t('checkout.title')} icon="danger" intro={text}>
      <Link to="/credits" className={button.primary}>
        {t('checkout.other_package')}
      </Link>
    </Panel>
  );
}

/** The package and what to pay: with a discount, the price before it struck through and the code's saving; the code field. */
function Summary({ pkg }: { pkg: Package }) {
  const t = useT();
  const locale = useLocale();
  const { user } = useStore(sessionStore);
  const discount = useAppliedDiscount();
  const money = (minor: number) => formatMoney(minor, pkg.currency, locale);
  return (
    <>
      <div className={s.summary}>
        <p className={s.summaryCredits}>{t('checkout.summary', { credits: pkg.credits })}</p>
        <p className={s.summaryTotal}>
          {t('checkout.total')}
          {discount && <span className={s.was}>{money(pkg.price)}</span>}
          <span className={s.summaryPrice}>{money(discount ? discounted(pkg.price, discount.percentage) : pkg.price)}</span>
        </p>
      </div>
      {discount && discount.kind !== 'code' && (
        <p className={s.saving}>
          {t(discount.kind === 'time_bonus' ? 'discount.time_bonus_applied' : 'discount.welcome_applied', { percent: discount.percentage })}
        </p>
      )}
      <div className={s.discountSlot}>
        <DiscountField pkg={pkg} />
      </div>
      {user && !user.paid_user && <p className={f.small}>{t('checkout.premium_note')}</p>}
    </>
  );
}

/**
 * Each method's marks: local SVG files (web/features/payments/logos, nothing from another host), named by their
 * alt texts (brand names, the same in every language).
 */
const LOGOS: Record<PaymentMethod, { src: string; name: string }[]> = {
  ideal: [{ src: ideal, name: 'iDEAL' }],
  creditcard: [
    { src: visa, name: 'Visa' },
    { src: mastercard, name: 'Mastercard' },
  ],
  paypal: [{ src: paypal, name: 'PayPal' }],
  directdebit: [{ src: sepa, name: 'SEPA' }],
};

/** The method's logos (after its name in the button, so the name comes first; drawn first by the grid). */
function MethodLogo({ method }: { method: PaymentMethod }) {
  return (
    <span className={s.logo}>
      {LOGOS[method].map((logo) => (
        <img key={logo.name} className={LOGOS[method].length > 1 ? s.logoImagePair : s.logoImage} src={logo.src} alt={logo.name} />
      ))}
    </span>
  );
}

/** A bank's logo as its provider hosts it; none, or one that fails to load, leaves the bank's name alone beside the iDEAL mark. */
function BankLogo({ bank }: { bank: Issuer }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={s.logo}>
      <img className={s.logoImage} src={bank.image && !failed ? bank.image : ideal} alt="" onError={() => setFailed(true)} />
    </span>
  );
}

/** The first step: how to pay. A method with banks to choose goes to that choice; the others go straight to the provider. */
function ChooseMethod({ pkg, methods }: { pkg: Package; methods: MethodInfo[] }) {
  const t = useT();
  const navigate = useNavigate();
  const start = useStartPayment();
  const discount = useAppliedDiscount();
  const [busy, setBusy] = useState<PaymentMethod | null>(null);
  return (
    <Panel title={t('checkout.title')}>
      <Summary pkg={pkg} />
      <h2 className={s.stepTitle}>{t('checkout.choose_method')}</h2>
      <ul className={s.list}>
        {methods.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              className={s.option}
              disabled={start.isPending || start.isSuccess}
              aria-busy={busy === m.id || undefined}
              onClick={() => {
                // direct debit has its own form and SMS code (/directdebit)
                if (m.id === 'directdebit') return navigate(`/directdebit?package=${pkg.id}`);
                if (m.issuers) return navigate(checkoutPath(pkg.id, m.id));
                setBusy(m.id);
                start.mutate(
                  { package: pkg.id, method: m.id, ...(discount ? { discount_code: discount.code } : {}) },
                  { onError: () => setBusy(null) },
                );
              }}
            >
              <span className={s.optionName}>
                {t(`checkout.methods.${m.id}`)}
                <span className={s.optionHint}>{busy === m.id ? t('checkout.redirecting') : t(`checkout.hints.${m.id}`)}</span>
              </span>
              <MethodLogo method={m.id} />
              <span className={s.chevron} aria-hidden="true">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
      <FormAlert failure={start.error} />
      <p className={s.secure}>{t('checkout.secure')}</p>
      <div className={s.actions}>
        <Link to="/credits" className={s.back}>
          {t('checkout.other_package')}
        </Link>
      </div>
    </Panel>
  );
}

/** A chosen method: the bank choice where the provider lists banks, then to the provider's page. */
function PayWith({ pkg, method }: { pkg: Package; method: MethodInfo }) {
  const t = useT();
  const start = useStartPayment();
  const discount = useAppliedDiscount();
  const issuers = useIssuers(method.id, method.issuers);
  const [issuer, setIssuer] = useState<string | null>(null);
  const sent = useRef(false);
  const name = t(`checkout.methods.${method.id}`);
  const needsBank = method.issuers && (issuers.data?.issuers.length ?? 0) > 0;
  const pay = () => {
    if (sent.current && !start.isError) return;
    sent.current = true;
    start.mutate({
      package: pkg.id,
      method: method.id,
      ...(needsBank && issuer ? { issuer } : {}),
      ...(discount ? { discount_code: discount.code } : {}),
    });
  };
  return (
    <Panel title={needsBank ? t('checkout.choose_bank') : t('checkout.pay_with', { method: name })}>
      <Summary pkg={pkg} />
      {method.issuers && !issuers.data && !issuers.isError && (
        <p role="status" className={f.small}>
          {t('checkout.loading_banks')}
        </p>
      )}
      {needsBank && (
        <>
          <p className={f.small}>{t('checkout.bank_intro')}</p>
          <ul className={s.list} aria-label={t('checkout.choose_bank')}>
            {issuers.data!.issuers.map((bank) => (
              <li key={bank.id}>
                <button type="button" className={s.option} aria-pressed={issuer === bank.id} onClick={() => setIssuer(bank.id)}>
                  <span className={s.optionName}>{bank.name}</span>
                  <BankLogo bank={bank} />
                  <span className={s.chevron} aria-hidden="true">
                    {issuer === bank.id ? '✓' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <FormAlert failure={start.error ?? issuers.error} />
      <div className={s.actions}>
        <button
          type="button"
          className={`${button.large} ${disabledState}`}
          disabled={(needsBank && !issuer) || (method.issuers && !issuers.data && !issuers.isError) || start.isPending || start.isSuccess}
          onClick={pay}
        >
          {start.isPending || start.isSuccess ? t('checkout.redirecting') : t('checkout.pay_with', { method: name })}
        </button>
        <Link to={checkoutPath(pkg.id)} className={s.back}>
          {t('checkout.other_method')}
        </Link>
      </div>
      <p className={s.secure}>{t('checkout.secure')}</p>
    </Panel>
  );
}
