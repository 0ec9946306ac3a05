import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PackageTier } from '../../../worker/contracts/payments';
import { RequireLogin } from '../../components/layout/require-login';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useLocale, useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { usePackages } from './api/get-packages';
import { useRepeatOrder, useStartRepeatOrder } from './api/repeat-order';
import * as s from './checkout.css';
import { checkoutPath } from './payments.rules';

/**
 * /credits/repeat-order (spec sections 1 and 6): a premium member orders again with the saved
 * payment method (a mandate), confirmed in one step; the last package is chosen already.
 */
export function RepeatOrderPage() {
  return (
    <RequireLogin>
      <RepeatOrder />
    </RequireLogin>
  );
}

function RepeatOrder() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const saved = useRepeatOrder();
  const packages = usePackages();
  const start = useStartRepeatOrder();
  const [chosen, setChosen] = useState<PackageTier | null>(null);
  if (!saved.data || !packages.data) {
    const failure =
      (saved.isError && !saved.isFetching ? saved.error : null) ?? (packages.isError && !packages.isFetching ? packages.error : null);
    return (
      <Panel title={t('repeat.title')}>
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
  const { mandate, last_package } = saved.data;
  if (!mandate) {
    return (
      <Panel title={t('repeat.title')} intro={t('repeat.none')}>
        <Link to="/credits" className={button.primary}>
          {t('repeat.to_credits')}
        </Link>
      </Panel>
    );
  }
  const tier = chosen ?? last_package ?? packages.data.packages.find((p) => p.popular)?.id ?? 'p0';
  const pkg = packages.data.packages.find((p) => p.id === tier)!;
  const price = formatMoney(pkg.price, pkg.currency, locale);
  return (
    <Panel title={t('repeat.title')} intro={t('repeat.intro')}>
      <p className={s.saving}>{t(`repeat.with_${mandate.method}`, { label: mandate.label })}</p>
      <ul className={s.list} aria-label={t('repeat.choose')}>
        {packages.data.packages.map((p) => (
          <li key={p.id}>
            <button type="button" className={s.option} aria-pressed={p.id === tier} onClick={() => setChosen(p.id)}>
              <span className={s.logo} aria-hidden="true">
                {p.credits}
              </span>
              <span className={s.optionName}>
                {t('checkout.summary', { credits: p.credits })}
                {p.id === last_package && <span className={s.optionHint}>{t('repeat.last')}</span>}
              </span>
              <span>{formatMoney(p.price, p.currency, locale)}</span>
            </button>
          </li>
        ))}
      </ul>
      <FormAlert failure={start.error} />
      <div className={s.actions}>
        <button
          type="button"
          className={`${button.large} ${disabledState}`}
          disabled={start.isPending || start.isSuccess}
          onClick={() =>
            start.mutate(
              { package: tier },
              {
                onSuccess: (answer) =>
                  navigate(`${checkoutPath(answer.package, answer.method)}?payment=${encodeURIComponent(answer.payment_id)}`),
              },
            )
          }
        >
          {t('repeat.confirm', { credits: pkg.credits, price })}
        </button>
        <Link to="/credits" className={s.back}>
          {t('repeat.other')}
        </Link>
      </div>
    </Panel>
  );
}
