import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { DirectDebitAnswer, DirectDebitInput, Package } from '../../../worker/contracts/payments';
import { RequireLogin } from '../../components/layout/require-login';
import { button, disabledState } from '../../components/ui/button.css';
import { Field, FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useLocale, useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useConfirmDirectDebit, useRequestDirectDebit } from './api/direct-debit';
import { usePackages } from './api/get-packages';
import * as s from './checkout.css';
import { useAppliedDiscount } from './discount';
import { checkoutPath, isTier } from './payments.rules';

type Form = Omit<DirectDebitInput, 'package' | 'discount_code'>;
const EMPTY: Form = { account_holder: '', iban: '', street: '', house_number: '', zip: '', city: '', phone: '' };
const FIELDS = Object.keys(EMPTY) as (keyof Form)[];

/**
 * /directdebit?package=p2 (spec sections 2, 3 and 5): the direct-debit form (account holder, IBAN,
 * address, phone), then the SMS code; the bank collects the amount once, the payment is followed
 * on the checkout's return screen.
 */
export function DirectDebitPage() {
  const [search] = useSearchParams();
  const tier = search.get('package') ?? 'p0';
  const t = useT();
  if (!isTier(tier)) {
    return (
      <Panel title={t('directdebit.title')} icon="danger" intro={t('checkout.not_found')}>
        <Link to="/credits" className={button.primary}>
          {t('checkout.other_package')}
        </Link>
      </Panel>
    );
  }
  return (
    <RequireLogin>
      <DirectDebit tier={tier} />
    </RequireLogin>
  );
}

function DirectDebit({ tier }: { tier: Package['id'] }) {
  const t = useT();
  const locale = useLocale();
  const packages = usePackages();
  const [sent, setSent] = useState<DirectDebitAnswer | null>(null);
  const pkg = packages.data?.packages.find((p) => p.id === tier);
  if (!packages.data)
    return (
      <Panel title={t('directdebit.title')}>
        {packages.isError && !packages.isFetching ? (
          <FormAlert failure={packages.error} />
        ) : (
          <p role="status" className={f.small}>
            {t('packages.loading')}
          </p>
        )}
      </Panel>
    );
  if (!pkg) return <Panel title={t('directdebit.title')} icon="danger" intro={t('checkout.not_found')} />;
  return (
    <Panel title={sent ? t('directdebit.code_title') : t('directdebit.title')}>
      <div className={s.summary}>
        <p className={s.summaryCredits}>{t('checkout.summary', { credits: pkg.credits })}</p>
        <p className={s.summaryTotal}>
          {t('checkout.total')}
          <span className={s.summaryPrice}>{formatMoney(sent ? sent.amount : pkg.price, sent?.currency ?? pkg.currency, locale)}</span>
        </p>
      </div>
      {sent ? <CodeStep sent={sent} tier={tier} onRestart={() => setSent(null)} /> : <FormStep pkg={pkg} onSent={setSent} />}
    </Panel>
  );
}

function FormStep({ pkg, onSent }: { pkg: Package; onSent: (sent: DirectDebitAnswer) => void }) {
  const t = useT();
  const [form, setForm] = useState<Form>(EMPTY);
  const discount = useAppliedDiscount();
  const request = useRequestDirectDebit();
  const failure = request.error;
  const fieldError = (name: string) => failure?.issues.find((i) => i.path === name)?.message;
  const field = (name: keyof Form, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      label={t(`directdebit.fields.${name}`)}
      name={name}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={fieldError(name)}
      required
      {...extra}
    />
  );
  return (
    <form
      className={f.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        request.mutate({ package: pkg.id, ...form, ...(discount ? { discount_code: discount.code } : {}) }, { onSuccess: onSent });
      }}
    >
      <p className={f.small}>{t('directdebit.intro')}</p>
      {field('account_holder', { autoComplete: 'name' })}
      {field('iban', { autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters', hint: t('directdebit.iban_hint') })}
      <div className={s.pair}>
        {field('street', { autoComplete: 'address-line1' })}
        {field('house_number', { autoComplete: 'off' })}
      </div>
      <div className={s.pair}>
        {field('zip', { autoComplete: 'postal-code' })}
        {field('city', { autoComplete: 'address-level2' })}
      </div>
      {field('phone', { type: 'tel', autoComplete: 'tel', hint: t('directdebit.phone_hint') })}
      <FormAlert failure={failure} fields={FIELDS} />
      <button type="submit" className={`${button.large} ${disabledState}`} disabled={request.isPending}>
        {request.isPending ? t('directdebit.sending') : t('directdebit.send_code')}
      </button>
      <Link to={checkoutPath(pkg.id)} className={s.back}>
        {t('checkout.other_method')}
      </Link>
      <p className={s.secure}>{t('directdebit.once')}</p>
    </form>
  );
}

function CodeStep({ sent, tier, onRestart }: { sent: DirectDebitAnswer; tier: Package['id']; onRestart: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const confirm = useConfirmDirectDebit();
  const expired = confirm.error?.status === 410;
  return (
    <form
      className={f.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate(
          { request_id: sent.request_id, otp: otp.trim() },
          {
            onSuccess: (answer) =>
              navigate(`${checkoutPath(answer.package, 'directdebit')}?payment=${encodeURIComponent(answer.payment_id)}`),
          },
        );
      }}
    >
      <p className={f.small}>{t('directdebit.code_sent', { phone: sent.phone })}</p>
      <Field
        label={t('directdebit.fields.otp')}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
        error={confirm.error && !expired ? confirm.error.message : undefined}
      />
      {expired && <FormAlert failure={confirm.error} />}
      {expired ? (
        <button type="button" className={button.large} onClick={onRestart}>
          {t('directdebit.new_code')}
        </button>
      ) : (
        <button
          type="submit"
          className={`${button.large} ${disabledState}`}
          disabled={otp.length !== 6 || confirm.isPending || confirm.isSuccess}
        >
          {t('directdebit.confirm')}
        </button>
      )}
      <Link to={checkoutPath(tier)} className={s.back}>
        {t('checkout.other_method')}
      </Link>
    </form>
  );
}
