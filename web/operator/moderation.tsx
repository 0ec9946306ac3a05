import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PHOTO_REMOVAL_REASONS } from '../../worker/contracts/operator.values';
import type { ModerationItem, PhotoDecisionInput, PhotoRemovalReason } from '../../worker/contracts/operator';
import { button, danger, disabledState, quiet } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as s from './console.css';
import { useLocale, useT } from './i18n';

/** The company's pending photos, oldest first, a page at a time (keyset: the last one's time and id). */
export function ModerationScreen() {
  const t = useT();
  const queue = useInfiniteQuery({
    queryKey: ['moderation'],
    queryFn: ({ pageParam }) =>
      api.get(pageParam ? `/api/operator/photos.php?after=${encodeURIComponent(pageParam)}` : '/api/operator/photos.php').then(dataOf),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const items = queue.data?.pages.flatMap((p) => p.photos) ?? [];
  const pending = queue.data?.pages[0]?.pending ?? 0;
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>{t('console.moderation.title')}</h1>
        <p className={s.intro}>{t('console.moderation.intro')}</p>
        {queue.data && (
          <p className={s.counter} role="status">
            {t('console.moderation.pending', { count: pending })}
          </p>
        )}
      </div>
      {queue.error && (
        <p role="alert" className={f.alert}>
          {queue.error.message || t('console.errors.generic')}
        </p>
      )}
      {queue.data && items.length === 0 && <p className={s.card}>{t('console.moderation.empty')}</p>}
      <ul className={s.queue}>
        {items.map((item) => (
          <QueueItem key={item.id} item={item} />
        ))}
      </ul>
      {queue.hasNextPage && (
        <button
          type="button"
          className={`${button.outline} ${disabledState}`}
          onClick={() => void queue.fetchNextPage()}
          disabled={queue.isFetchingNextPage}
        >
          {t('console.moderation.more')}
        </button>
      )}
    </>
  );
}

function QueueItem({ item }: { item: ModerationItem }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState<PhotoRemovalReason>('other');
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (input: PhotoDecisionInput) => api.post('/api/operator/photo.php', input).then(dataOf),
    // the audit log shows the decision at once
    onSuccess: () => void client.invalidateQueries({ queryKey: ['audit'] }),
  });
  const outcome = decide.data?.status;
  const age = new Date().getFullYear() - Number(item.member.birth_date.slice(0, 4));

  function remove(e: FormEvent) {
    e.preventDefault();
    decide.mutate({ id: item.id, decision: 'remove', reason, ...(note.trim() ? { note: note.trim() } : {}) });
  }

  return (
    <li className={s.item} aria-labelledby={`member-${item.id}`}>
      <img
        className={s.photo}
        src={item.image}
        alt={t('console.moderation.photo_alt', { name: item.member.name })}
        width={item.width}
        height={item.height}
      />
      <div className={s.side}>
        <h2 id={`member-${item.id}`} className={s.memberName}>
          {t('console.moderation.member', { name: item.member.name, site: item.member.site })}
        </h2>
        <p className={s.meta}>
          {t(`console.moderation.gender.${item.member.gender}`)}, {t('console.moderation.age', { age })} · #{item.member.id} ·{' '}
          {t('console.moderation.uploaded', { date: new Date(item.created_at).toLocaleString(locale) })}
        </p>
        <h3 className={s.meta}>{t('console.moderation.others')}</h3>
        {item.others.length ? (
          <ul className={s.others}>
            {item.others.map((o) => (
              <li key={o.id} className={s.other}>
                <img className={s.thumb} src={o.thumb} alt={t('console.moderation.other_alt', { name: item.member.name })} loading="lazy" />
                {o.status === 'active' && <span className={s.mini}>{t('console.moderation.approved_badge')}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.meta}>{t('console.moderation.no_others')}</p>
        )}
        {decide.error && (
          <p role="alert" className={f.alert}>
            {failureText(decide.error, t('console.errors.generic'))}
          </p>
        )}
        {outcome ? (
          <p role="status" className={outcome === 'active' ? s.doneOk : s.doneRemoved}>
            {outcome === 'active' ? t('console.moderation.approved') : t('console.moderation.removed')}
          </p>
        ) : removing ? (
          <form className={s.removeForm} onSubmit={remove}>
            <label className={f.field}>
              <span className={f.label}>{t('console.moderation.reason')}</span>
              <select className={f.input} value={reason} onChange={(e) => setReason(e.target.value as PhotoRemovalReason)}>
                {PHOTO_REMOVAL_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`console.moderation.reasons.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={f.field}>
              <span className={f.label}>{t('console.moderation.note')}</span>
              <textarea className={f.input} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </label>
            <div className={s.decide}>
              <button type="submit" className={`${danger} ${disabledState}`} disabled={decide.isPending}>
                {t('console.moderation.confirm_remove')}
              </button>
              <button type="button" className={quiet} onClick={() => setRemoving(false)}>
                {t('console.moderation.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className={s.decide}>
            <button
              type="button"
              className={`${button.primary} ${disabledState}`}
              disabled={decide.isPending}
              onClick={() => decide.mutate({ id: item.id, decision: 'approve' })}
            >
              {t('console.moderation.approve')}
            </button>
            <button type="button" className={button.outline} onClick={() => setRemoving(true)}>
              {t('console.moderation.remove')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
