import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { OPERATOR_ROLES } from '../../worker/contracts/operator.values';
import type {
  CreateOperatorAnswer,
  CreateOperatorInput,
  OperatorJson,
  OperatorRole,
  ResetOperatorInput,
  UpdateOperatorInput,
} from '../../worker/contracts/operator';
import { button, disabledState } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as s from './console.css';
import { useLocale, useT } from './i18n';

const messageOf = failureText;

/** Admins: the company's operators; create one or reset one (a one-time set-up link shown once), set a role, disable. */
export function OperatorsScreen({ me }: { me: OperatorJson }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['operators'], queryFn: () => api.get('/api/operator/operators.php').then(dataOf) });
  const update = useMutation({
    mutationFn: (input: UpdateOperatorInput) => api.put('/api/operator/operators.php', input).then(dataOf),
    onSuccess: () => client.invalidateQueries({ queryKey: ['operators'] }),
  });
  const reset = useMutation({
    mutationFn: (input: ResetOperatorInput) => api.post('/api/operator/operator-reset.php', input).then(dataOf),
  });
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>{t('console.operators.title')}</h1>
        <p className={s.intro}>{t('console.operators.intro')}</p>
      </div>
      <CreateOperator />
      <section className={s.card} aria-labelledby="operators-list">
        <h2 id="operators-list" className={f.label}>
          {t('console.operators.title')}
        </h2>
        {update.error && (
          <p role="alert" className={f.alert}>
            {messageOf(update.error, t('console.errors.generic'))}
          </p>
        )}
        {reset.error && (
          <p role="alert" className={f.alert}>
            {messageOf(reset.error, t('console.errors.generic'))}
          </p>
        )}
        {reset.data && (
          <div className={f.form} role="status">
            <SetupLink answer={reset.data} text="console.operators.reset_done" />
            <div className={f.actions}>
              <button type="button" className={button.primary} onClick={() => reset.reset()}>
                {t('console.operators.done')}
              </button>
            </div>
          </div>
        )}
        <table className={s.table}>
          <thead>
            <tr>
              <th>{t('console.operators.name')}</th>
              <th>{t('console.operators.email')}</th>
              <th>{t('console.operators.role')}</th>
              <th>{t('console.operators.status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.operators.map((o) => (
              <tr key={o.id}>
                <td>
                  <strong>{o.name}</strong> {o.id === me.id && <span className={s.muted}>({t('console.operators.you')})</span>}
                  <div className={s.muted}>{new Date(o.created_at).toLocaleDateString(locale)}</div>
                </td>
                <td>{o.email}</td>
                <td>
                  {o.id === me.id ? (
                    t(`console.roles.${o.role}`)
                  ) : (
                    <select
                      className={`${f.input} ${f.compact}`}
                      aria-label={`${t('console.operators.role')}: ${o.name}`}
                      value={o.role}
                      disabled={update.isPending}
                      onChange={(e) => update.mutate({ id: o.id, role: e.target.value as OperatorRole })}
                    >
                      {OPERATOR_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`console.roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>
                  <div className={s.rowActions}>
                    <span>{o.disabled ? t('console.operators.disabled') : t('console.operators.active')}</span>
                    {o.id !== me.id && (
                      <button
                        type="button"
                        className={`${button.outline} ${disabledState}`}
                        disabled={update.isPending}
                        onClick={() => update.mutate({ id: o.id, disabled: !o.disabled })}
                      >
                        {o.disabled ? t('console.operators.enable') : t('console.operators.disable')}
                      </button>
                    )}
                    {o.id !== me.id && !o.disabled && (
                      <button
                        type="button"
                        className={`${button.outline} ${disabledState}`}
                        disabled={reset.isPending}
                        aria-label={`${t('console.operators.reset')}: ${o.name}`}
                        onClick={() => window.confirm(t('console.operators.reset_confirm', { name: o.name })) && reset.mutate({ id: o.id })}
                      >
                        {t('console.operators.reset')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function CreateOperator() {
  const t = useT();
  const client = useQueryClient();
  const [form, setForm] = useState<CreateOperatorInput>({ email: '', name: '', role: 'moderator' });
  const create = useMutation({
    mutationFn: (input: CreateOperatorInput) => api.post('/api/operator/operators.php', input).then(dataOf),
    onSuccess: () => {
      setForm({ email: '', name: '', role: 'moderator' });
      void client.invalidateQueries({ queryKey: ['operators'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(form);
  };
  const created = create.data;
  return (
    <section className={s.card} aria-labelledby="create-operator">
      <h2 id="create-operator" className={f.label}>
        {t('console.operators.create_title')}
      </h2>
      {created ? (
        <div className={f.form} role="status">
          <p>
            <strong>{created.operator.name}</strong> · {created.operator.email} · {t(`console.roles.${created.operator.role}`)}
          </p>
          <SetupLink answer={created} text="console.operators.created" />
          <div className={f.actions}>
            <button type="button" className={button.primary} onClick={() => create.reset()}>
              {t('console.operators.done')}
            </button>
          </div>
        </div>
      ) : (
        <form className={s.filters} onSubmit={submit} noValidate>
          <label className={f.field}>
            <span className={f.label}>{t('console.operators.name')}</span>
            <input className={f.input} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label className={f.field}>
            <span className={f.label}>{t('console.operators.email')}</span>
            <input className={f.input} type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          </label>
          <label className={f.field}>
            <span className={f.label}>{t('console.operators.role')}</span>
            <select className={f.input} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as OperatorRole })}>
              {OPERATOR_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`console.roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={create.isPending}>
            {t('console.operators.create')}
          </button>
          {create.error && (
            <p role="alert" className={f.alert}>
              {messageOf(create.error, t('console.errors.generic'))}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** A set-up link to hand over, with until when it works: shown once (the server keeps only its hash). */
function SetupLink({ answer, text }: { answer: CreateOperatorAnswer; text: string }) {
  const t = useT();
  const locale = useLocale();
  const until = new Date(answer.expires_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <p className={f.notice}>{t(text, { name: answer.operator.name, until })}</p>
      <div className={f.field}>
        <span className={f.label}>{t('console.operators.setup_link')}</span>
        <code className={s.secret}>{answer.setup_url}</code>
      </div>
    </>
  );
}
