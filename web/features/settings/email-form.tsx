import { useState, type FormEvent } from 'react';
import { button, disabledState } from '../../components/ui/button.css';
import { Field, FormAlert, localFailure, missingFields, Notice, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useT } from '../../lib/i18n';
import { requestMailChange } from './api/mail-change';
import * as s from './settings.css';

/** The address changes only when the link mailed to the new address is opened (/mail-change/do). */
export function EmailForm({ current }: { current: string }) {
  const t = useT();
  const form = useApiForm();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    setSentTo(null);
    const missing = missingFields({ email: address, password }, t('form.required'));
    if (missing.length) return form.setFailure(localFailure(missing));
    void form.submit(
      () => requestMailChange({ email: address, password }),
      () => {
        setSentTo(address);
        setEmail('');
        setPassword('');
      },
    );
  }

  return (
    <section className={s.card} aria-labelledby="settings-email">
      <h2 id="settings-email" className={s.heading}>
        {t('settings.email_title')}
      </h2>
      <p className={s.text}>{t('settings.current_email', { email: current })}</p>
      <form className={f.form} onSubmit={onSubmit} noValidate>
        {sentTo && <Notice>{t('settings.email_sent', { email: sentTo })}</Notice>}
        <FormAlert failure={form.failure} fields={['email', 'password']} />
        <Field
          label={t('settings.new_email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={form.fieldError('email')}
          required
        />
        <Field
          label={t('settings.email_password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={form.fieldError('password')}
          required
        />
        <div className={f.actions}>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? t('form.saving') : t('settings.email_submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
