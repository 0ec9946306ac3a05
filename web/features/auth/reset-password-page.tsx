import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { block, button, disabledState } from '../../components/ui/button.css';
import { Field, FormAlert, localFailure, missingFields, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { requestPasswordReset } from './api/reset-password';

/** /reset-password: mails a reset link; 'E-mailadres niet gevonden' and the daily limit come from the server. */
export function ResetPasswordPage() {
  const t = useT();
  const form = useApiForm();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const back = (
    <Link to="/login" className={f.small}>
      {t('reset.back_to_login')}
    </Link>
  );

  if (sent) {
    return (
      <Panel title={t('reset.sent_title')} icon="success" footer={back}>
        <p role="status">{t('reset.sent_text', { email })}</p>
      </Panel>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const missing = missingFields({ email: email.trim() }, t('form.required'));
    if (missing.length) return form.setFailure(localFailure(missing));
    void form.submit(
      () => requestPasswordReset({ email: email.trim() }),
      () => setSent(true),
    );
  }
  return (
    <Panel title={t('reset.title')} intro={t('reset.intro')} footer={back}>
      <form className={f.form} onSubmit={onSubmit} noValidate>
        <FormAlert failure={form.failure} fields={['email']} />
        <Field
          label={t('form.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={form.fieldError('email')}
          required
        />
        <button type="submit" className={`${button.primary} ${block} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? t('form.saving') : t('reset.submit')}
        </button>
      </form>
    </Panel>
  );
}
