import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { OperatorJson, OperatorPasswordInput, OperatorTotpInput } from '../../worker/contracts/operator';
import { button, disabledState } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as s from './console.css';
import { useT } from './i18n';
import { TotpEnrolment } from './totp-enrolment';

const messageOf = failureText;
const digits = (code: string) => code.replace(/\s/g, '');

/** Every operator's own credentials: a new password, a new authenticator; each needs the current password and a code. */
export function SettingsScreen({ me }: { me: OperatorJson }) {
  const t = useT();
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>{t('console.settings.title')}</h1>
        <p className={s.intro}>{t('console.settings.intro')}</p>
      </div>
      <ChangePassword email={me.email} />
      <ReenrolTotp />
    </>
  );
}

type Current = { current_password: string; code: string };

/** The proof both changes ask for: the current password and a code of the current authenticator. */
function CurrentCredentials({ value, onChange }: { value: Current; onChange: (current: Current) => void }) {
  const t = useT();
  return (
    <>
      <label className={f.field}>
        <span className={f.label}>{t('console.settings.current_password')}</span>
        <input
          className={f.input}
          type="password"
          autoComplete="current-password"
          value={value.current_password}
          onChange={(e) => onChange({ ...value, current_password: e.target.value })}
        />
      </label>
      <label className={f.field}>
        <span className={f.label}>{t('console.settings.current_code')}</span>
        <input
          className={f.input}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value.code}
          onChange={(e) => onChange({ ...value, code: e.target.value })}
        />
      </label>
    </>
  );
}

function ChangePassword({ email }: { email: string }) {
  const t = useT();
  const empty: OperatorPasswordInput = { current_password: '', code: '', password: '' };
  const [form, setForm] = useState(empty);
  const change = useMutation({
    mutationFn: (input: OperatorPasswordInput) => api.post('/api/operator/password.php', input).then(dataOf),
    onSuccess: () => setForm(empty),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ ...form, code: digits(form.code) });
  };
  return (
    <section className={s.card} aria-labelledby="settings-password">
      <form className={f.form} onSubmit={submit} noValidate>
        <h2 id="settings-password" className={f.label}>
          {t('console.settings.password_title')}
        </h2>
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <CurrentCredentials value={form} onChange={(current) => setForm({ ...form, ...current })} />
        <div className={f.field}>
          <label className={f.field}>
            <span className={f.label}>{t('console.settings.new_password')}</span>
            <input
              className={f.input}
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              aria-describedby="settings-password-hint"
            />
          </label>
          <p id="settings-password-hint" className={f.hint}>
            {t('console.setup.password_hint')}
          </p>
        </div>
        {change.error && (
          <p role="alert" className={f.alert}>
            {messageOf(change.error, t('console.errors.generic'))}
          </p>
        )}
        {change.isSuccess && (
          <p role="status" className={f.notice}>
            {t('console.settings.password_saved')}
          </p>
        )}
        <div className={f.actions}>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={change.isPending}>
            {t('console.settings.save_password')}
          </button>
        </div>
      </form>
    </section>
  );
}

function ReenrolTotp() {
  const t = useT();
  const empty: OperatorTotpInput = { current_password: '', code: '', new_code: '' };
  const [form, setForm] = useState(empty);
  const start = useMutation({ mutationFn: () => api.post('/api/operator/totp-start.php', {}).then(dataOf) });
  const confirm = useMutation({
    mutationFn: (input: OperatorTotpInput) => api.post('/api/operator/totp.php', input).then(dataOf),
    onSuccess: () => {
      setForm(empty);
      start.reset();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ ...form, code: digits(form.code), new_code: digits(form.new_code) });
  };
  return (
    <section className={s.card} aria-labelledby="settings-totp">
      <div className={f.form}>
        <h2 id="settings-totp" className={f.label}>
          {t('console.settings.totp_title')}
        </h2>
        <p className={s.intro}>{t('console.settings.totp_intro')}</p>
        {confirm.isSuccess && (
          <p role="status" className={f.notice}>
            {t('console.settings.totp_saved')}
          </p>
        )}
        {start.error && (
          <p role="alert" className={f.alert}>
            {messageOf(start.error, t('console.errors.generic'))}
          </p>
        )}
        {!start.data ? (
          <div className={f.actions}>
            <button
              type="button"
              className={`${button.outline} ${disabledState}`}
              disabled={start.isPending}
              onClick={() => start.mutate()}
            >
              {t('console.settings.totp_start')}
            </button>
          </div>
        ) : (
          <form className={f.form} onSubmit={submit} noValidate>
            <TotpEnrolment title={t('console.setup.step_app')} secret={start.data.secret} uri={start.data.otpauth_uri} />
            <CurrentCredentials value={form} onChange={(current) => setForm({ ...form, ...current })} />
            <label className={f.field}>
              <span className={f.label}>{t('console.settings.new_code')}</span>
              <input
                className={f.input}
                inputMode="numeric"
                maxLength={6}
                value={form.new_code}
                onChange={(e) => setForm({ ...form, new_code: e.target.value })}
              />
            </label>
            {confirm.error && (
              <p role="alert" className={f.alert}>
                {messageOf(confirm.error, t('console.errors.generic'))}
              </p>
            )}
            <div className={f.actions}>
              <button type="submit" className={`${button.primary} ${disabledState}`} disabled={confirm.isPending}>
                {t('console.settings.save_totp')}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
