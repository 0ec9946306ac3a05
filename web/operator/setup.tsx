import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SetupInput } from '../../worker/contracts/operator';
import { block, button, disabledState } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as s from './console.css';
import { useT } from './i18n';
import { TotpEnrolment } from './totp-enrolment';

/** The token of the link, read once: it sits after `#`, so it never reached a server or a log. */
const tokenOfLink = () => window.location.hash.slice(1);

/**
 * The one-time set-up link (new operator, or reset by an admin): the operator enrols their own
 * authenticator (a secret made for them now), chooses their own password and confirms with a code;
 * then they are logged in. Nobody else learns either.
 */
export function SetupScreen() {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [token] = useState(tokenOfLink);
  // the token leaves the address bar (and the history) at once
  useEffect(() => window.history.replaceState(null, '', '/setup'), []);
  const start = useQuery({
    queryKey: ['setup', token],
    queryFn: () => api.post('/api/operator/setup-start.php', { token }).then(dataOf),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [code, setCode] = useState('');
  const [differ, setDiffer] = useState(false);
  const setup = useMutation({
    mutationFn: (input: SetupInput) => api.post('/api/operator/setup.php', input).then(dataOf),
    onSuccess: (answer) => {
      client.removeQueries({ queryKey: ['setup'] });
      client.setQueryData(['me'], answer.operator);
      void navigate('/', { replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDiffer(password !== again);
    if (password === again) setup.mutate({ token, password, code: code.replace(/\s/g, '') });
  };
  const message = (error: unknown) => failureText(error, t('console.errors.generic'));

  return (
    <div className={s.loginPage}>
      <section className={s.loginCard} aria-labelledby="setup-title">
        <span className={s.loginBrand}>
          <span className={s.dot} aria-hidden="true" />
          {t('console.brand')}
        </span>
        <h1 id="setup-title" className={s.title}>
          {t('console.setup.title')}
        </h1>
        {start.isPending && <p className={s.intro}>{t('console.setup.loading')}</p>}
        {start.error && (
          <>
            <p role="alert" className={f.alert}>
              {message(start.error)}
            </p>
            <button type="button" className={button.outline} onClick={() => void navigate('/', { replace: true })}>
              {t('console.setup.to_login')}
            </button>
          </>
        )}
        {start.data && (
          <form className={f.form} onSubmit={submit} noValidate>
            <p className={s.intro}>{t('console.setup.intro', { name: start.data.operator.name })}</p>
            <TotpEnrolment title={t('console.setup.step_app')} secret={start.data.secret} uri={start.data.otpauth_uri} />
            <h2 className={f.label}>{t('console.setup.step_password')}</h2>
            <input type="email" autoComplete="username" value={start.data.operator.email} readOnly hidden />
            <div className={f.field}>
              <label className={f.field}>
                <span className={f.label}>{t('console.setup.password')}</span>
                <input
                  className={f.input}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-describedby="setup-password-hint"
                />
              </label>
              <p id="setup-password-hint" className={f.hint}>
                {t('console.setup.password_hint')}
              </p>
            </div>
            <label className={f.field}>
              <span className={f.label}>{t('console.setup.password_again')}</span>
              <input
                className={f.input}
                type="password"
                autoComplete="new-password"
                value={again}
                onChange={(e) => setAgain(e.target.value)}
              />
            </label>
            {differ && <p className={f.error}>{t('console.setup.differ')}</p>}
            <label className={f.field}>
              <span className={f.label}>{t('console.setup.code')}</span>
              <input
                className={f.input}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </label>
            {setup.error && (
              <p role="alert" className={f.alert}>
                {message(setup.error)}
              </p>
            )}
            <button
              type="submit"
              className={`${button.primary} ${block} ${disabledState}`}
              disabled={setup.isPending}
              aria-busy={setup.isPending}
            >
              {t('console.setup.submit')}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
