import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DeleteReason } from '../../../worker/contracts/account';
import { DELETE_REASONS, DELETION_GRACE_DAYS } from '../../../worker/contracts/account.values';
import { button, danger, disabledState, quiet } from '../../components/ui/button.css';
import { FormAlert, RadioGroup, TextAreaField, localFailure, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useCompany } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { deleteAccount } from './api/delete-account';
import * as s from './settings.css';

/** Spec section 2: the deletion flow with reasons and the alternatives, then a clear confirm. */
export function DeleteAccount() {
  const t = useT();
  const navigate = useNavigate();
  const { delete_discount } = useCompany();
  const form = useApiForm();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DeleteReason | null>(null);
  const [comment, setComment] = useState('');

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!reason) return form.setFailure(localFailure([{ path: 'reason', message: t('form.required') }]));
    void form.submit(
      () => deleteAccount({ reason, comment: comment.trim() || undefined }),
      () => navigate('/account-deleted', { replace: true }),
    );
  }

  return (
    <section className={s.dangerCard} aria-labelledby="settings-delete">
      <h2 id="settings-delete" className={s.heading}>
        {t('delete_account.title')}
      </h2>
      <p className={s.text}>{t('delete_account.intro')}</p>
      {!open ? (
        <button type="button" className={button.outline} onClick={() => setOpen(true)} aria-expanded={false}>
          {t('delete_account.start')}
        </button>
      ) : (
        <form className={f.form} onSubmit={onSubmit} noValidate>
          <h3 className={s.heading}>{t('delete_account.alternatives_title')}</h3>
          <ul className={s.alternatives}>
            <li className={s.alternative}>
              {t('delete_account.alt_notifications')}
              <Link to="/notifications#notifications">{t('delete_account.alt_notifications_link')}</Link>
            </li>
            {delete_discount > 0 && (
              <li className={s.discount}>
                {t('delete_account.alt_discount', { discount: delete_discount })}
                <Link to="/pricing">{t('delete_account.alt_discount_link')}</Link>
              </li>
            )}
          </ul>
          <FormAlert failure={form.failure} fields={['reason', 'comment']} />
          <RadioGroup
            label={t('delete_account.reason')}
            name="reason"
            value={reason}
            options={DELETE_REASONS.map((value) => ({ value, label: t(`delete_account.reasons.${value}`) }))}
            onChange={setReason}
            error={form.fieldError('reason')}
            vertical
          />
          <TextAreaField
            label={`${t('delete_account.comment')} ${t('form.optional')}`}
            name="comment"
            rows={3}
            maxLength={1000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            error={form.fieldError('comment')}
          />
          <p className={f.alert}>{t('delete_account.warning', { days: DELETION_GRACE_DAYS })}</p>
          <div className={f.actions}>
            <button type="submit" className={`${danger} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
              {form.busy ? t('form.saving') : t('delete_account.confirm')}
            </button>
            <button type="button" className={quiet} onClick={() => setOpen(false)}>
              {t('delete_account.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
