import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../../worker/contracts/account.values';
import { BirthDateField } from '../../../components/ui/birth-date-field';
import { Field, FormAlert, RadioGroup, localFailure, useApiForm } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { useSettings } from '../../../lib/boot';
import { ageOn, isoDate } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import type { Issue } from '../../../lib/request';
import { clearTracking, storedTracking } from '../../../lib/stored-tracking';
import { setUser } from '../../../lib/user';
import { createAccount } from '../api/create-account';
import * as s from '../signup.css';
import { fullWidth } from './step-actions';

const FIELDS = ['email', 'password', 'name', 'date_of_birth', 'gender'];

/** Step 1: e-mail, password, name, date of birth and gender; creates the account and logs in. */
export function AccountStep() {
  const t = useT();
  const { min_age } = useSettings();
  const form = useApiForm();
  const [v, setV] = useState({ email: '', password: '', name: '', day: '', month: '', year: '', gender: '' });
  type Values = typeof v;
  /** New values; an error under a changed field goes once the field is valid (form.settle). */
  const change = (changes: Partial<Values>) => {
    const next = { ...v, ...changes };
    setV(next);
    const paths = Object.keys(changes).map((k) => (k === 'day' || k === 'month' || k === 'year' ? 'date_of_birth' : k));
    // the name's check compares it with the e-mail: a changed e-mail settles the name's error too
    form.settle(paths.includes('email') ? [...paths, 'name'] : paths, check(next));
  };
  const set = (key: keyof Values) => (e: { target: { value: string } }) => change({ [key]: e.target.value });

  function check(v: Values): Issue[] {
    const issues: Issue[] = [];
    const required = t('form.required');
    if (!v.email.trim()) issues.push({ path: 'email', message: required });
    if (v.password.length < PASSWORD_MIN) issues.push({ path: 'password', message: t('errors.password_too_short') });
    const name = v.name.trim();
    if (!name) issues.push({ path: 'name', message: required });
    else if (name.startsWith('@') || name.toLowerCase() === v.email.trim().toLowerCase())
      issues.push({ path: 'name', message: t('errors.invalid_name') });
    const birth = isoDate(v.day, v.month, v.year);
    if (!birth) issues.push({ path: 'date_of_birth', message: t('errors.invalid_birthdate') });
    else if (ageOn(birth) < min_age) issues.push({ path: 'date_of_birth', message: t('errors.too_young', { min_age }) });
    if (!v.gender) issues.push({ path: 'gender', message: required });
    return issues;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const issues = check(v);
    if (issues.length) return form.setFailure(localFailure(issues));
    void form.submit(
      () =>
        createAccount({
          email: v.email.trim(),
          password: v.password,
          name: v.name.trim(),
          date_of_birth: isoDate(v.day, v.month, v.year)!,
          gender: v.gender as 'male' | 'female',
          tracking: storedTracking(),
        }),
      (data) => {
        clearTracking();
        setUser(data.user);
      },
    );
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate>
      <FormAlert failure={form.failure} fields={FIELDS} />
      <Field
        label={t('form.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={v.email}
        onChange={set('email')}
        error={form.fieldError('email')}
        required
      />
      <Field
        label={t('form.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={v.password}
        onChange={set('password')}
        hint={t('form.password_hint')}
        error={form.fieldError('password')}
        required
      />
      <Field
        label={t('signup.account.name')}
        name="name"
        autoComplete="nickname"
        maxLength={30}
        value={v.name}
        onChange={set('name')}
        hint={t('signup.account.name_hint')}
        error={form.fieldError('name')}
        required
      />
      <BirthDateField
        value={v}
        onChange={({ day, month, year }) => change({ day, month, year })}
        error={form.fieldError('date_of_birth')}
      />
      <RadioGroup
        label={t('signup.account.gender')}
        name="gender"
        value={(v.gender || null) as 'male' | 'female' | null}
        options={[
          { value: 'male', label: t('signup.account.male') },
          { value: 'female', label: t('signup.account.female') },
        ]}
        onChange={(gender) => change({ gender })}
        error={form.fieldError('gender')}
      />
      <p className={s.terms}>{t('signup.account.terms', { min_age })}</p>
      <button type="submit" className={fullWidth} disabled={form.busy} aria-busy={form.busy}>
        {form.busy ? t('form.saving') : t('signup.account.submit')}
      </button>
      <p className={s.footer}>
        {t('signup.have_account')} <Link to="/login">{t('signup.login')}</Link>
      </p>
    </form>
  );
}
