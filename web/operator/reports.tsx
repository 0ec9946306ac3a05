import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { REPORT_REASONS, type ReportReason } from '../../worker/contracts/reports.values';
import type {
  ComplaintDecisionInput,
  QueueComplaint,
  QueueItem,
  ReportDecisionInput,
  ReportQueueAnswer,
} from '../../worker/contracts/reports';
import { button, danger, disabledState } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as c from './console.css';
import { useLocale, useT } from './i18n';
import * as s from './reports.css';

const errorText = failureText;

/** The time now, again every minute (waiting times). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How long since `since`: minutes, hours and minutes, or days and hours. */
function waited(t: (key: string, params?: Record<string, unknown>) => string, since: string, now: number) {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return t('console.reports.duration.minutes', { m: minutes });
  if (minutes < 48 * 60) return t('console.reports.duration.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
  return t('console.reports.duration.days', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) });
}

/**
 * Reports and complaints (moderators, admins): the company's open reports grouped per reported
 * object, oldest first, with the content reported; a decision covers all of an object's reports.
 * Below, the open appeals and complaints; an appeal of one's own decision is left to another moderator.
 */
/** The pages' items as one list: an object whose reports span two pages is one item with all of them. */
function mergedItems(pages: ReportQueueAnswer[]) {
  const items = new Map<string, QueueItem>();
  for (const item of pages.flatMap((p) => p.items)) {
    const key = `${item.kind}:${item.object_id}`;
    const held = items.get(key);
    items.set(
      key,
      held
        ? {
            ...held,
            reports: [...held.reports, ...item.reports],
            first_at: item.first_at < held.first_at ? item.first_at : held.first_at,
            urgent_since: held.urgent_since ?? item.urgent_since,
            age_reviewed: held.age_reviewed || item.age_reviewed,
          }
        : item,
    );
  }
  return [...items.values()];
}

export function ReportsScreen() {
  const t = useT();
  // a page of 300 reports at a time, oldest first (keyset: the last report's time and id)
  const queue = useInfiniteQuery({
    queryKey: ['reports'],
    queryFn: ({ pageParam }) =>
      api.get(pageParam ? `/api/operator/reports.php?after=${encodeURIComponent(pageParam)}` : '/api/operator/reports.php').then(dataOf),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const first = queue.data?.pages[0];
  const items = queue.data ? mergedItems(queue.data.pages) : [];
  // the complaints after the first page's 50, on demand (keyset: the last complaint's time and id)
  const [moreComplaints, setMoreComplaints] = useState(false);
  const later = useInfiniteQuery({
    queryKey: ['complaints', first?.complaints_next],
    queryFn: ({ pageParam }) => api.get(`/api/operator/complaints.php?after=${encodeURIComponent(pageParam)}`).then(dataOf),
    initialPageParam: first?.complaints_next ?? '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: moreComplaints && !!first?.complaints_next,
  });
  const complaints = [...(first?.complaints ?? []), ...(later.data?.pages.flatMap((p) => p.complaints) ?? [])];
  const complaintsLeft = moreComplaints ? later.hasNextPage : !!first?.complaints_next;
  return (
    <>
      <div className={c.head}>
        <h1 className={c.title}>{t('console.reports.title')}</h1>
        <p className={c.intro}>{t('console.reports.intro')}</p>
        {first && (
          <div className={s.counters} role="status">
            <p className={c.counter}>{t('console.reports.open', { count: first.open ?? items.length })}</p>
            {!!first.urgent && <p className={s.urgentCounter}>{t('console.reports.urgent_count', { count: first.urgent })}</p>}
          </div>
        )}
      </div>
      {queue.error && (
        <p role="alert" className={f.alert}>
          {errorText(queue.error, t('console.errors.generic'))}
        </p>
      )}
      {first && items.length === 0 && <p className={c.card}>{t('console.reports.empty')}</p>}
      <ul className={c.queue}>
        {items.map((item) => (
          <ReportItem key={`${item.kind}:${item.object_id}`} item={item} />
        ))}
      </ul>
      {queue.hasNextPage && (
        <button
          type="button"
          className={`${button.outline} ${disabledState}`}
          onClick={() => void queue.fetchNextPage()}
          disabled={queue.isFetchingNextPage}
        >
          {t('console.reports.more')}
        </button>
      )}
      <section className={s.section} aria-labelledby="complaints-title">
        <h2 id="complaints-title" className={s.subtitle}>
          {t('console.reports.complaints_title')}
        </h2>
        {first && complaints.length === 0 && <p className={c.card}>{t('console.reports.no_complaints')}</p>}
        {later.error && (
          <p role="alert" className={f.alert}>
            {errorText(later.error, t('console.errors.generic'))}
          </p>
        )}
        <ul className={c.queue}>
          {complaints.map((complaint) => (
            <ComplaintItem key={complaint.id} complaint={complaint} />
          ))}
        </ul>
        {complaintsLeft && (
          <button
            type="button"
            className={`${button.outline} ${disabledState}`}
            onClick={() => (moreComplaints ? void later.fetchNextPage() : setMoreComplaints(true))}
            disabled={later.isFetching}
          >
            {t('console.reports.more_complaints')}
          </button>
        )}
      </section>
    </>
  );
}

function ReportItem({ item }: { item: QueueItem }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const first = item.reports[0]!.reason;
  const [action, setAction] = useState<ReportDecisionInput['action']>('none');
  const [reason, setReason] = useState<ReportReason>(first);
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (input: ReportDecisionInput) => api.post('/api/operator/report-decision.php', input).then(dataOf),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['audit'] }),
  });
  const actions: ReportDecisionInput['action'][] =
    item.kind === 'profile' ? ['none', 'restrict', 'ban'] : ['none', 'remove', 'restrict', 'ban'];
  const underage = item.reports.some((r) => r.reason === 'underage');
  const now = useNow();

  function submit(e: FormEvent) {
    e.preventDefault();
    decide.mutate({ kind: item.kind, object_id: item.object_id, action, reason, ...(note.trim() ? { note: note.trim() } : {}) });
  }

  const id = `report-${item.kind}-${item.object_id}`;
  return (
    <li className={`${item.image ? s.item : s.itemText} ${item.urgent_since ? s.flagged : ''}`} aria-labelledby={id}>
      {item.image && <img className={c.photo} src={item.image} alt={t('console.reports.photo_alt', { name: item.member.name })} />}
      <div className={c.side}>
        {item.urgent_since && (
          <p className={s.flag}>
            <span className={s.urgent}>{t('console.reports.urgent')}</span>
            <span>{t('console.reports.waiting', { time: waited(t, item.urgent_since, now) })}</span>
          </p>
        )}
        <span className={s.kind}>{t(`console.reports.kinds.${item.kind}`)}</span>
        <h2 id={id} className={c.memberName}>
          {t('console.moderation.member', { name: item.member.name, site: item.member.site })}
        </h2>
        <p className={c.meta}>
          #{item.member.id} · {t('console.reports.first', { date: new Date(item.first_at).toLocaleString(locale) })}
          {!item.urgent_since && ` · ${t('console.reports.waiting', { time: waited(t, item.first_at, now) })}`}
        </p>
        {item.member.moderation !== 'none' && <p className={s.warn}>{t(`console.reports.state.${item.member.moderation}`)}</p>}
        {item.content && <p className={s.content}>{item.content}</p>}
        <ul className={s.reports} aria-label={t('console.reports.reports', { count: item.reports.length })}>
          {item.reports.map((r) => (
            <li key={r.id} className={s.report}>
              <span className={r.reason === 'underage' ? s.urgent : s.reason}>{t(`console.reports.reasons.${r.reason}`)}</span>
              <span className={c.meta}>
                {t(r.by_member ? 'console.reports.by_member' : 'console.reports.by_visitor')} ·{' '}
                {new Date(r.created_at).toLocaleString(locale)}
              </span>
              {r.text && <span>“{r.text}”</span>}
            </li>
          ))}
        </ul>
        {decide.error && (
          <p role="alert" className={f.alert}>
            {errorText(decide.error, t('console.errors.generic'))}
          </p>
        )}
        {decide.data ? (
          <p role="status" className={action === 'none' ? c.doneOk : c.doneRemoved}>
            {t('console.reports.decided', { action: t(`console.reports.actions.${action}`) })}
          </p>
        ) : (
          <form className={s.form} onSubmit={submit}>
            {underage && (
              <p className={`${s.warn} ${s.wide}`}>
                {t(
                  item.member.moderation === 'hidden'
                    ? 'console.reports.underage_hidden'
                    : item.age_reviewed
                      ? 'console.reports.age_reviewed'
                      : 'console.reports.underage_visible',
                )}
              </p>
            )}
            <label className={f.field}>
              <span className={f.label}>{t('console.reports.action')}</span>
              <select className={f.input} value={action} onChange={(e) => setAction(e.target.value as ReportDecisionInput['action'])}>
                {actions.map((a) => (
                  <option key={a} value={a}>
                    {t(`console.reports.actions.${a}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={f.field}>
              <span className={f.label}>{t('console.reports.ground')}</span>
              <select className={f.input} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
                {REPORT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`console.reports.reasons.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={`${f.field} ${s.wide}`}>
              <span className={f.label}>{t('console.reports.note')}</span>
              <textarea className={f.input} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </label>
            <div className={`${c.decide} ${s.wide}`}>
              <button
                type="submit"
                className={`${action === 'none' ? button.primary : danger} ${disabledState}`}
                disabled={decide.isPending}
              >
                {t('console.reports.decide')}
              </button>
            </div>
          </form>
        )}
      </div>
    </li>
  );
}

function ComplaintItem({ complaint }: { complaint: QueueComplaint }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const [answer, setAnswer] = useState('');
  const decide = useMutation({
    mutationFn: (input: ComplaintDecisionInput) => api.post('/api/operator/complaint-decision.php', input).then(dataOf),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['audit'] }),
  });
  const d = complaint.decision;
  const send = (outcome: ComplaintDecisionInput['outcome']) =>
    decide.mutate({ id: complaint.id, outcome, ...(answer.trim() ? { answer: answer.trim() } : {}) });
  const id = `complaint-${complaint.id}`;
  return (
    <li className={s.itemText} aria-labelledby={id}>
      <div className={c.side}>
        <span className={s.kind}>{t(d ? 'console.reports.appeal' : 'console.reports.complaint')}</span>
        <h3 id={id} className={c.memberName}>
          {complaint.member
            ? t('console.moderation.member', { name: complaint.member.name, site: complaint.member.site })
            : t('console.reports.erased')}
        </h3>
        <p className={c.meta}>{new Date(complaint.created_at).toLocaleString(locale)}</p>
        {d && (
          <p className={c.meta}>
            {t('console.reports.appealed', {
              action: t(`console.reports.actions.${d.action}`),
              ground: t(`console.reports.reasons.${d.reason}`),
              operator: d.operator,
            })}
            {d.note ? ` · “${d.note}”` : ''}
          </p>
        )}
        <p className={s.content}>{complaint.text}</p>
        {decide.error && (
          <p role="alert" className={f.alert}>
            {errorText(decide.error, t('console.errors.generic'))}
          </p>
        )}
        {decide.data ? (
          <p role="status" className={c.doneOk}>
            {t(`console.reports.outcomes.${decide.data.outcome}`)}
          </p>
        ) : d?.own ? (
          <p className={s.warn}>{t('console.reports.own_decision')}</p>
        ) : (
          <div className={s.form}>
            <label className={`${f.field} ${s.wide}`}>
              <span className={f.label}>{t('console.reports.answer')}</span>
              <textarea className={f.input} rows={2} maxLength={1000} value={answer} onChange={(e) => setAnswer(e.target.value)} />
            </label>
            <div className={`${c.decide} ${s.wide}`}>
              {d ? (
                <>
                  <button
                    type="button"
                    className={`${button.primary} ${disabledState}`}
                    disabled={decide.isPending}
                    onClick={() => send('upheld')}
                  >
                    {t('console.reports.uphold')}
                  </button>
                  <button
                    type="button"
                    className={`${button.outline} ${disabledState}`}
                    disabled={decide.isPending}
                    onClick={() => send('reversed')}
                  >
                    {t('console.reports.reverse')}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className={`${button.primary} ${disabledState}`}
                  disabled={decide.isPending}
                  onClick={() => send('answered')}
                >
                  {t('console.reports.answer_send')}
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
