import { useId, useState } from 'react';
import type { DiscountCode, Package } from '../../../worker/contracts/payments';
import { button, disabledState } from '../../components/ui/button.css';
import * as f from '../../components/ui/form.css';
import { useActiveDiscount } from '../../lib/calls/get-discount';
import { useT } from '../../lib/i18n';
import { createStore, useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useCheckDiscount } from './api/check-discount';
import * as s from './checkout.css';

/** A code the member entered and the server accepted, kept while they move between the checkout's steps. */
export const enteredCode = createStore<DiscountCode | null>(null);

/** What the payment is started with: the code entered here, else the active discount (the time bonus, else the welcome code). */
export function useAppliedDiscount(): DiscountCode | null {
  const entered = useStore(enteredCode);
  const active = useActiveOffer();
  return entered ?? active;
}

/**
 * The member's active discount (the time bonus, else the welcome code) as the packages show it:
 * only for a free member, never a code entered for one package.
 */
export function useActiveOffer(): DiscountCode | null {
  const { user } = useStore(sessionStore);
  return useActiveDiscount(!!user && !user.paid_user).data ?? null;
}

/** Whether a discount holds for a package: its currency (null: any) and its minimum order. */
export const discountFits = (discount: DiscountCode, pkg: Pick<Package, 'price' | 'currency'>) =>
  (discount.currency === null || discount.currency === pkg.currency) &&
  (discount.minimum_order_value === null || pkg.price >= discount.minimum_order_value);

/** The price after a discount, as the server computes it (minor units). */
export const discounted = (price: number, percentage: number) => Math.round((price * (100 - percentage)) / 100);

/** "Heb je een kortingscode?": a field that checks the code for this package and applies it, or says why not. */
export function DiscountField({ pkg }: { pkg: Package }) {
  const t = useT();
  const id = useId();
  const entered = useStore(enteredCode);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const check = useCheckDiscount();
  if (entered) {
    return (
      <p className={s.discountRow}>
        <span>{t('discount.applied', { code: entered.code, percent: entered.percentage })}</span>
        <button type="button" className={s.linkButton} onClick={() => enteredCode.set(null)}>
          {t('discount.remove')}
        </button>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className={s.linkButton} onClick={() => setOpen(true)}>
        {t('discount.have_code')}
      </button>
    );
  }
  return (
    <form
      className={s.discountForm}
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) check.mutate({ code: code.trim(), tier: pkg.id }, { onSuccess: (answer) => enteredCode.set(answer.discountcode) });
      }}
    >
      <label htmlFor={id} className={f.label}>
        {t('discount.label')}
      </label>
      <div className={s.discountInput}>
        <input
          id={id}
          className={f.input}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={64}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={check.isError || undefined}
        />
        <button type="submit" className={`${button.outline} ${disabledState}`} disabled={!code.trim() || check.isPending}>
          {t('discount.apply')}
        </button>
      </div>
      {check.isError && (
        <p role="alert" className={f.error}>
          {check.error.message || t('errors.generic')}
        </p>
      )}
    </form>
  );
}
