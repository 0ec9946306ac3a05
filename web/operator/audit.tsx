import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { button, disabledState, quiet } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf } from './api';
import * as s from './console.css';
import { useLocale, useT } from './i18n';

const ACTIONS = [
  'photo.approve',
  'photo.remove',
  'report.none',
  'report.remove',
  'report.restrict',
  'report.ban',
  'complaint.upheld',
  'complaint.reversed',
  'complaint.answered',
  'chat.answer',
  'chat.release',
  'operator.create',
  'operator.update',
  'operator.reset',
  'operator.setup',
  'operator.setup_link',
  'operator.password',
  'operator.totp',
  'session.login',
  'session.login_failed',
  'session.logout',
];
type Filters = { operator: string; action: string; object_type: string; object_id: string; from: string; to: string };
const EMPTY: Filters = { operator: '', action: '', object_type: '', object_id: '', from: '', to: '' };
const short = (v: unknown) => (v === null || v === undefined ? '–' : JSON.stringify(v));

/** Admins: every operator action, newest first, filtered by operator, action, object and dates; keyset paged. */
export function AuditScreen() {
  const t = useT();
  const locale = useLocale();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const operators = useQuery({ queryKey: ['operators'], queryFn: () => api.get('/api/operator/operators.php').then(dataOf) });
  const log = useInfiniteQuery({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams(Object.entries({ ...filters, before: pageParam }).filter(([, v]) => v !== ''));
      return api.get(`/api/operator/audit.php?${q}`).then(dataOf);
    },
    initialPageParam: '',
    getNextPageParam: (last) => (last.next ? String(last.next) : undefined),
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
  };
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>{t('console.audit.title')}</h1>
        <p className={s.intro}>{t('console.audit.intro')}</p>
      </div>
      <form className={`${s.card} ${s.filters}`} onSubmit={apply}>
        <label className={f.field}>
          <span className={f.label}>{t('console.audit.operator')}</span>
          <select className={f.input} value={draft.operator} onChange={set('operator')}>
            <option value="">{t('console.audit.all')}</option>
            {operators.data?.operators.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <label className={f.field}>
          <span className={f.label}>{t('console.audit.action')}</span>
          <select className={f.input} value={draft.action} onChange={set('action')}>
            <option value="">{t('console.audit.all')}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className={f.field}>
          <span className={f.label}>{t('console.audit.object')}</span>
          <select className={f.input} value={draft.object_type} onChange={set('object_type')}>
            <option value="">{t('console.audit.all')}</option>
            <option value="photo">photo</option>
            <option value="operator">operator</option>
            <option value="conversation">conversation</option>
          </select>
        </label>
        <label className={f.field}>
          <span className={f.label}>{t('console.audit.object_id')}</span>
          <input className={f.input} value={draft.object_id} onChange={set('object_id')} />
        </label>
        <label className={f.field}>
          <span className={f.label}>{t('console.audit.from')}</span>
          <input className={f.input} type="date" value={draft.from} onChange={set('from')} />
        </label>
        <label className={f.field}>
          <span className={f.label}>{t('console.audit.to')}</span>
          <input className={f.input} type="date" value={draft.to} onChange={set('to')} />
        </label>
        <div className={s.filterActions}>
          <button type="submit" className={button.primary}>
            {t('console.audit.filter')}
          </button>
          <button
            type="button"
            className={quiet}
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
            }}
          >
            {t('console.audit.reset')}
          </button>
        </div>
      </form>
      <section className={s.card} aria-label={t('console.audit.title')}>
        {log.error && (
          <p role="alert" className={f.alert}>
            {log.error.message || t('console.errors.generic')}
          </p>
        )}
        {log.data && entries.length === 0 && <p className={s.muted}>{t('console.audit.empty')}</p>}
        {entries.length > 0 && (
          <table className={s.table}>
            <thead>
              <tr>
                <th>{t('console.audit.when')}</th>
                <th>{t('console.audit.operator')}</th>
                <th>{t('console.audit.action')}</th>
                <th>{t('console.audit.object')}</th>
                <th>{t('console.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    <span className={s.cellLabel}>{t('console.audit.when')}</span>
                    {new Date(e.created_at).toLocaleString(locale)}
                  </td>
                  <td>
                    <span className={s.cellLabel}>{t('console.audit.operator')}</span>
                    {e.operator.name}
                  </td>
                  <td>
                    <span className={s.cellLabel}>{t('console.audit.action')}</span>
                    <strong>{e.action}</strong>
                  </td>
                  <td>
                    <span className={s.cellLabel}>{t('console.audit.object')}</span>
                    <span className={s.code}>
                      {e.object_type} {e.object_id}
                    </span>
                  </td>
                  <td>
                    <span className={s.code}>
                      {short(e.before)} → {short(e.after)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {log.hasNextPage && (
          <button
            type="button"
            className={`${button.outline} ${disabledState}`}
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {t('console.audit.more')}
          </button>
        )}
      </section>
    </>
  );
}
