import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PackageTier } from '../../../worker/contracts/payments';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { usePayment, POLL_FOR_MS } from './api/get-payment';
import { useStartPayment } from './api/start-payment';
import * as s from './checkout.css';
import { checkoutPath, outcomeOf } from './payments.rules';

/**
 * Back from the provider (spec section 2): "being processed" while the provider decides (asked
 * every 2 s), then complete (credits added, premium from the first purchase) or failed with the
 * way to try again: the same method, another one, or PayPal after a failed card.
 */
export function PaymentResult({ id, tier }: { id: string; tier: PackageTier }) {
  const t = useT();
  const [started] = useState(() => Date.now());
  const payment = usePayment(id, started);
  const paypal = useStartPayment();

  if (!payment.data) {
    if (payment.isError && !payment.isFetching) {
      return payment.error.status === 404 ? (
        <Panel title={t('status.not_found')} icon="danger">
          <Link to="/credits" className={button.primary}>
            {t('checkout.other_package')}
          </Link>
        </Panel>
      ) : (
        <Panel title={t('status.pending_title')} icon="danger">
          <FormAlert failure={payment.error} />
          <button type="button" className={button.outline} onClick={() => void payment.refetch()}>
            {t('status.check_again')}
          </button>
        </Panel>
      );
    }
    return <Pending slow={false} onCheck={() => void payment.refetch()} />;
  }

  const { payment: p, user } = payment.data;
  const outcome = outcomeOf(p.status, p.method);
  if (outcome === 'pending')
    return (
      <Pending
        slow={Date.now() - started >= POLL_FOR_MS && !payment.isFetching}
        debit={p.method === 'directdebit'}
        onCheck={() => void payment.refetch()}
      />
    );
  if (outcome === 'complete') {
    return (
      <Panel
        title={t('status.complete_title')}
        icon="success"
        intro={t('status.complete_text', { credits: p.credits, balance: user.credits })}
      >
        {p.made_premium && <p className={f.small}>{t('status.complete_premium')}</p>}
        <div className={s.actions}>
          <Link to="/members" className={button.large}>
            {t('status.to_members')}
          </Link>
          <Link to="/chats" className={button.outline}>
            {t('status.to_chats')}
          </Link>
          <Link to="/transactions" className={s.back}>
            {t('status.receipt')}
          </Link>
        </div>
      </Panel>
    );
  }
  const card = outcome === 'card_failed';
  const text = (
    {
      failed: 'status.failed_text',
      card_failed: 'status.card_failed_text',
      canceled: 'status.canceled_text',
      expired: 'status.expired_text',
    } as const
  )[outcome];
  return (
    <Panel title={card ? t('status.card_failed_title') : t('status.failed_title')} icon="danger" intro={t(text)}>
      <div className={s.actions}>
        <Link to={checkoutPath(tier, p.method)} className={button.large}>
          {t('status.retry')}
        </Link>
        {card && (
          <button
            type="button"
            className={`${button.outline} ${disabledState}`}
            disabled={paypal.isPending || paypal.isSuccess}
            onClick={() => paypal.mutate({ package: tier, method: 'paypal' })}
          >
            {paypal.isPending || paypal.isSuccess ? t('checkout.redirecting') : t('status.pay_paypal')}
          </button>
        )}
        <Link to={checkoutPath(tier)} className={s.back}>
          {t('status.other_method')}
        </Link>
      </div>
      <FormAlert failure={paypal.error} />
    </Panel>
  );
}

/** "Being processed"; a direct debit says the bank takes its time (days), so the member need not wait here. */
function Pending({ slow, debit = false, onCheck }: { slow: boolean; debit?: boolean; onCheck: () => void }) {
  const t = useT();
  return (
    <Panel title={t('status.pending_title')}>
      <div className={s.spinner} role="progressbar" aria-label={t('status.pending_title')} />
      <p className={f.small} role="status">
        {debit ? t('status.pending_debit_text') : slow ? t('status.pending_slow') : t('status.pending_text')}
      </p>
      {slow && (
        <div className={s.actions}>
          <button type="button" className={button.outline} onClick={onCheck}>
            {t('status.check_again')}
          </button>
        </div>
      )}
    </Panel>
  );
}
