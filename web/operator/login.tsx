import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { OperatorLoginInput } from '../../worker/contracts/operator';
import { block, button, disabledState, quiet } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf } from './api';
import * as s from './console.css';
import { useT } from './i18n';

/**
 * Password first, then the TOTP code: both go to the server in one call, so the password alone
 * tells nobody anything; a wrong one of either gets the same answer.
 */
export function LoginScreen() {
  const t = useT();
  const client = useQueryClient();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const login = useMutation({
    mutationFn: (input: OperatorLoginInput) => api.post('/api/operator/login.php', input).then(dataOf),
    onSuccess: (answer) => client.setQueryData(['me'], answer.operator),
    onError: () => {
      setCode('');
      setStep('password');
      setPassword('');
    },
  });
  const failure = login.error ? login.error.message || t('console.errors.network') : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (step === 'password') {
      if (!email.trim() || !password) return setMissing(true);
      setMissing(false);
      login.reset();
      return setStep('code');
    }
    if (!code.trim()) return setMissing(true);
    login.mutate({ email, password, code: code.replace(/\s/g, '') });
  }

  return (
    <div className={s.loginPage}>
      <form className={s.loginCard} onSubmit={submit} noValidate aria-labelledby="login-title">
        <span className={s.loginBrand}>
          <span className={s.dot} aria-hidden="true" />
          {t('console.brand')}
        </span>
        <h1 id="login-title" className={s.title}>
          {t('console.login.title')}
        </h1>
        <p className={s.intro}>{t('console.login.intro')}</p>
        {failure && (
          <p role="alert" className={f.alert}>
            {failure}
          </p>
        )}
        {step === 'password' ? (
          <>
            <label className={f.field}>
              <span className={f.label}>{t('console.login.email')}</span>
              <input
                className={f.input}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
            </label>
            <label className={f.field}>
              <span className={f.label}>{t('console.login.password')}</span>
              <input
                className={f.input}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            {missing && <p className={f.error}>{t('console.login.required')}</p>}
            <button type="submit" className={`${button.primary} ${block}`}>
              {t('console.login.next')}
            </button>
          </>
        ) : (
          <>
            <label className={f.field}>
              <span className={f.label}>{t('console.login.code')}</span>
              <input
                className={f.input}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoFocus
                aria-describedby="code-hint"
              />
              <span id="code-hint" className={f.hint}>
                {t('console.login.code_hint')}
              </span>
            </label>
            {missing && <p className={f.error}>{t('console.login.required')}</p>}
            <button
              type="submit"
              className={`${button.primary} ${block} ${disabledState}`}
              disabled={login.isPending}
              aria-busy={login.isPending}
            >
              {t('console.login.submit')}
            </button>
            <button type="button" className={quiet} onClick={() => setStep('password')}>
              {t('console.login.back')}
            </button>
          </>
        )}
      </form>
    </div>
  );
}
