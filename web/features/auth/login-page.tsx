import { useState, type FormEvent } from 'react';
import type { BannedAnswer } from '../../../worker/contracts/account';
import { memberHome } from '../../../worker/contracts/account.values';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { block, button, disabledState } from '../../components/ui/button.css';
import { Field, FormAlert, localFailure, missingFields, Notice, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { signupLinkClick } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore, setUser } from '../../lib/user';
import { login } from './api/login';
import * as s from './auth.css';

type State = { from?: string; notice?: 'password_reset' } | null;

/** /login: e-mail and password; back to where the visitor came from, or on with an unfinished signup. */
export function LoginPage() {
  const t = useT();
  const state = useLocation().state as State;
  const { user } = useStore(sessionStore);
  const form = useApiForm();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // a banned member: spec's static page ban explains it, with the ban's appeal link while it works
  if (form.failure?.error === 'account_banned') {
    const token = (form.failure.body as Partial<BannedAnswer> | undefined)?.appeal_token;
    return <Navigate to={token ? `/pages/ban#appeal=${token}` : '/pages/ban'} replace />;
  }
  // back where the visitor came from, else home: the members page (issue 33), or the signup where it was left
  if (user) return <Navigate to={user.signup_step !== 'done' ? memberHome(user) : (state?.from ?? memberHome(user))} replace />;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const missing = missingFields({ email: email.trim(), password }, t('form.required'));
    if (missing.length) return form.setFailure(localFailure(missing));
    void form.submit(
      () => login({ email: email.trim(), password }),
      (data) => setUser(data.user),
    );
  }

  return (
    <Panel
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <p className={f.small}>
          {t('login.no_account')}{' '}
          <Link to="/signup" onClick={signupLinkClick}>
            {t('login.signup')}
          </Link>
        </p>
      }
    >
      <form className={f.form} onSubmit={onSubmit} noValidate>
        {state?.notice === 'password_reset' && <Notice>{t('login.password_reset_done')}</Notice>}
        <FormAlert failure={form.failure} fields={['email', 'password']} />
        <Field
          label={t('form.email')}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={form.fieldError('email')}
          required
        />
        <Field
          label={t('form.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={form.fieldError('password')}
          required
        />
        <Link to="/reset-password" className={s.forgot}>
          {t('login.forgot')}
        </Link>
        <button type="submit" className={`${button.primary} ${block} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? t('form.saving') : t('login.submit')}
        </button>
      </form>
    </Panel>
  );
}
