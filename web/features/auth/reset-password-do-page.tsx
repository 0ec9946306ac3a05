import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../worker/contracts/account.values';
import { block, button, disabledState } from '../../components/ui/button.css';
import { Field, FormAlert, localFailure, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { resetPassword } from './api/reset-password';

/** /reset-password/do?token: two new passwords; equal is checked here too, the server decides. */
export function ResetPasswordDoPage() {
  const t = useT();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useApiForm();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const requestNew = (
    <Link to="/reset-password" className={f.small}>
      {t('reset.request_new')}
    </Link>
  );

  if (!token) {
    return (
      <Panel title={t('reset.do_title')} icon="danger" footer={requestNew}>
        <p role="alert" className={f.alert}>
          {t('errors.link_invalid')}
        </p>
      </Panel>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN)
      return form.setFailure(localFailure([{ path: 'password', message: t('errors.password_too_short') }]));
    if (password !== confirm) return form.setFailure(localFailure([{ path: 'password_confirm', message: t('errors.passwords_differ') }]));
    void form.submit(
      () => resetPassword({ token, password, password_confirm: confirm }),
      () => navigate('/login', { replace: true, state: { notice: 'password_reset' } }),
    );
  }

  return (
    <Panel title={t('reset.do_title')} footer={form.failure?.error === 'link_invalid' ? requestNew : undefined}>
      <form className={f.form} onSubmit={onSubmit} noValidate>
        <FormAlert failure={form.failure} fields={['password', 'password_confirm']} />
        <Field
          label={t('reset.new_password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t('form.password_hint')}
          error={form.fieldError('password')}
          required
        />
        <Field
          label={t('reset.repeat_password')}
          name="password_confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={form.fieldError('password_confirm')}
          required
        />
        <button type="submit" className={`${button.primary} ${block} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? t('form.saving') : t('reset.do_submit')}
        </button>
      </form>
    </Panel>
  );
}
