import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../../worker/contracts/account.values';
import { button, disabledState } from '../../components/ui/button.css';
import { Field, FormAlert, Notice, localFailure, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useT } from '../../lib/i18n';
import { changePassword } from './api/password';
import * as s from './settings.css';

export function PasswordForm() {
  const t = useT();
  const form = useApiForm();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [saved, setSaved] = useState(false);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    if (password.length < PASSWORD_MIN)
      return form.setFailure(localFailure([{ path: 'password', message: t('errors.password_too_short') }]));
    void form.submit(
      () => changePassword({ old_password: old, password }),
      () => {
        setSaved(true);
        setOld('');
        setPassword('');
      },
    );
  }

  return (
    <section className={s.card} aria-labelledby="settings-password">
      <h2 id="settings-password" className={s.heading}>
        {t('settings.password_title')}
      </h2>
      <form className={f.form} onSubmit={onSubmit} noValidate>
        {saved && <Notice>{t('settings.password_saved')}</Notice>}
        <FormAlert failure={form.failure} fields={['old_password', 'password']} />
        <Field
          label={t('settings.old_password')}
          name="old_password"
          type="password"
          autoComplete="current-password"
          value={old}
          onChange={(e) => setOld(e.target.value)}
          error={form.fieldError('old_password')}
          required
        />
        <Field
          label={t('settings.new_password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t('form.password_hint')}
          error={form.fieldError('password')}
          required
        />
        <div className={f.actions}>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? t('form.saving') : t('settings.password_submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
