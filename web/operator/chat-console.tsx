import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { GiftId } from '../../worker/contracts/chat';
import type { OperatorJson } from '../../worker/contracts/operator';
import type { ChatAnswerInput, ChatConversationAnswer, ChatQueueItem } from '../../worker/contracts/console';
import { button, disabledState, quiet } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as c from './chat-console.css';
import { startDesk } from './desk';
import * as s from './console.css';
import { useLocale, useT } from './i18n';

const errorText = failureText;
const newClientId = () => crypto.randomUUID().replaceAll('-', '');
/** Typing renews the lock and shows the member the profile typing: at most one call in this many ms. */
const TYPING_EVERY_MS = 3000;

/** The desk's live connection while the screen shows (desk.ts): whether it is open, for the badge. */
function useDesk() {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => startDesk(client, (status) => setConnected(status === 'open')), [client]);
  return connected;
}

function LiveBadge({ connected }: { connected: boolean }) {
  const t = useT();
  return (
    <span className={`${c.live} ${connected ? '' : c.offline}`} data-live={connected ? 'on' : 'off'}>
      {connected && <span className={c.liveDot} aria-hidden="true" />}
      {t('console.chat.live')}
    </span>
  );
}

/** The queue of the company's waiting conversations, oldest first, filtered by site and language, live. */
export function ChatQueueScreen() {
  const t = useT();
  const connected = useDesk();
  const [site, setSite] = useState('');
  const [language, setLanguage] = useState('');
  const query = `site=${site}&language=${language}`;
  const params = (after: string) => new URLSearchParams(Object.entries({ site, language, after }).filter(([, v]) => v)).toString();
  const queue = useInfiniteQuery({
    queryKey: ['chat-queue', query],
    queryFn: ({ pageParam }) => api.get(`/api/operator/chat-queue.php?${params(pageParam)}`).then(dataOf),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const first = queue.data?.pages[0];
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  // the filters keep a chosen value even when nothing of it waits any more
  const sites = [...new Set([...(first?.sites ?? []), ...(site ? [site] : [])])];
  const languages = [...new Set([...(first?.languages ?? []), ...(language ? [language] : [])])];
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>{t('console.chat.title')}</h1>
        <p className={s.intro}>{t('console.chat.intro')}</p>
      </div>
      <div className={c.toolbar}>
        <label className={f.field}>
          <span className={f.label}>{t('console.chat.site')}</span>
          <select className={f.input} value={site} onChange={(e) => setSite(e.target.value)}>
            <option value="">{t('console.chat.all')}</option>
            {sites.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        <label className={f.field}>
          <span className={f.label}>{t('console.chat.language')}</span>
          <select className={f.input} value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="">{t('console.chat.all')}</option>
            {languages.map((x) => (
              <option key={x} value={x}>
                {x.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        {first && (
          <p className={s.counter} role="status">
            {t('console.chat.waiting', { count: first.waiting ?? 0 })}
          </p>
        )}
        <LiveBadge connected={connected} />
      </div>
      {queue.error && (
        <p role="alert" className={f.alert}>
          {errorText(queue.error, t('console.errors.generic'))}
        </p>
      )}
      {queue.data && items.length === 0 && <p className={s.card}>{t('console.chat.empty')}</p>}
      <ul className={c.list} aria-label={t('console.chat.title')}>
        {items.map((item) => (
          <QueueRow key={item.conversation} item={item} />
        ))}
      </ul>
      {queue.hasNextPage && (
        <button
          type="button"
          className={`${button.outline} ${disabledState}`}
          onClick={() => void queue.fetchNextPage()}
          disabled={queue.isFetchingNextPage}
        >
          {t('console.chat.more')}
        </button>
      )}
    </>
  );
}

function QueueRow({ item }: { item: ChatQueueItem }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const take = useMutation({
    mutationFn: () => api.post('/api/operator/chat-lock.php', { conversation: item.conversation, action: 'take' }).then(dataOf),
    onSuccess: () => void navigate(`/chat/${item.conversation}`),
    onError: () => void client.invalidateQueries({ queryKey: ['chat-queue'] }),
  });
  // an admin frees a colleague's lock (someone who left the desk); the release is audited
  const admin = client.getQueryData<OperatorJson>(['me'])?.role === 'admin';
  const free = useMutation({
    mutationFn: () => api.post('/api/operator/chat-lock.php', { conversation: item.conversation, action: 'release' }).then(dataOf),
    onSettled: () => void client.invalidateQueries({ queryKey: ['chat-queue'] }),
  });
  const last = item.last_message;
  const since = new Date(item.waiting_since);
  const sameDay = since.toDateString() === new Date().toDateString();
  const otherHasIt = item.lock && !item.lock.mine;
  return (
    <li className={c.row} aria-label={`${item.member.name} ${t('console.chat.to', { name: item.fictional.name })}`}>
      <div className={c.who}>
        <p className={c.name}>
          {item.member.name}, {item.member.age}
        </p>
        <p className={c.small}>
          {t('console.chat.to', { name: item.fictional.name })} · {item.site} · {item.language.toUpperCase()} · {item.member.country}
        </p>
      </div>
      <div className={c.who}>
        <p className={c.preview}>
          {last?.kind === 'text'
            ? last.text
            : last?.kind === 'gift'
              ? t('console.chat.last_gift', { gift: t(`console.chat.gift_names.${last.gift}`) })
              : last
                ? t('console.chat.last_image')
                : ''}
        </p>
        <p className={c.small}>
          {t('console.chat.waiting_since', {
            time: sameDay ? since.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) : since.toLocaleString(locale),
          })}
        </p>
      </div>
      <div className={c.rowEnd}>
        {otherHasIt && <span className={c.lockBadge}>{t('console.chat.locked_by', { name: item.lock!.operator })}</span>}
        {otherHasIt && admin && (
          <button type="button" className={`${button.outline} ${disabledState}`} disabled={free.isPending} onClick={() => free.mutate()}>
            {t('console.chat.release')}
          </button>
        )}
        {take.error && (
          <span role="alert" className={f.error}>
            {errorText(take.error, t('console.errors.generic'))}
          </span>
        )}
        <button
          type="button"
          className={`${button.primary} ${disabledState}`}
          disabled={Boolean(otherHasIt) || take.isPending}
          onClick={() => take.mutate()}
        >
          {item.lock?.mine ? t('console.chat.open') : t('console.chat.take')}
        </button>
      </div>
    </li>
  );
}

/** The answering screen of one conversation, for the operator holding its lock. */
export function ChatAnswerScreen() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const conversation = Number(useParams().conversation);
  const connected = useDesk();
  const screen = useQuery({
    queryKey: ['chat', conversation],
    queryFn: () => api.get(`/api/operator/chat.php?conversation=${conversation}`).then(dataOf),
  });
  const [text, setText] = useState('');
  const [until, setUntil] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const list = useRef<HTMLOListElement>(null);
  const data = screen.data;
  const lockedUntil = until ?? data?.locked_until ?? null;

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [data?.messages.length]);

  const back = () => {
    void client.invalidateQueries({ queryKey: ['chat-queue'] });
    void navigate('/chat');
  };
  const send = useMutation({
    mutationFn: (input: ChatAnswerInput) => api.post('/api/operator/chat-answer.php', input).then(dataOf),
    onSuccess: back,
  });
  const release = useMutation({
    mutationFn: () => api.post('/api/operator/chat-lock.php', { conversation, action: 'release' }).then(dataOf),
    onSettled: back,
  });
  const typing = useMutation({
    mutationFn: () => api.post('/api/operator/chat-typing.php', { conversation }).then(dataOf),
    onSuccess: (a) => setUntil(a.locked_until),
  });

  function onType(value: string) {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      typing.mutate();
    }
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim()) send.mutate({ conversation, client_id: newClientId(), kind: 'text', text: text.trim() });
  }
  const time = (iso: string) =>
    new Date(iso).toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

  if (screen.error)
    return (
      <div className={s.card}>
        <p role="alert" className={f.alert}>
          {errorText(screen.error, t('console.errors.generic'))}
        </p>
        <Link to="/chat">{t('console.chat.back')}</Link>
      </div>
    );
  if (!data) return null;
  const failure = send.error ?? typing.error;
  return (
    <>
      <div className={c.threadHead}>
        <button type="button" className={quiet} onClick={() => release.mutate()} disabled={release.isPending}>
          ← {t('console.chat.release')}
        </button>
        {lockedUntil && (
          <span className={c.badge} role="status">
            {t('console.chat.lock_until', {
              time: new Date(lockedUntil).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
            })}
          </span>
        )}
        <LiveBadge connected={connected} />
      </div>
      <div className={c.screen}>
        <section className={c.panel} aria-labelledby="member-title">
          <h2 className={c.panelTitle}>{t('console.chat.member_title')}</h2>
          <p id="member-title" className={c.big}>
            {data.member.name}, {t('console.chat.age', { age: data.member.age })}
          </p>
          <p className={c.small}>
            {[data.member.city, data.member.region, data.member.country].filter(Boolean).join(', ')} · {data.site} ·{' '}
            {data.member.language.toUpperCase()}
          </p>
          {data.member.about_me && (
            <>
              <h3 className={c.panelTitle}>{t('console.chat.about')}</h3>
              <p className={c.about}>{data.member.about_me}</p>
            </>
          )}
          <h3 className={c.panelTitle}>{t('console.chat.photos')}</h3>
          {data.member.photos.length ? (
            <ul className={c.thumbs}>
              {data.member.photos.map((p) => (
                <li key={p.id}>
                  <img className={c.thumb} src={p.thumb} alt={t('console.chat.photo_alt', { name: data.member.name })} loading="lazy" />
                </li>
              ))}
            </ul>
          ) : (
            <p className={c.small}>{t('console.chat.no_photos')}</p>
          )}
        </section>

        <section className={c.thread} aria-labelledby="thread-title">
          <div className={c.threadHead}>
            <h2 id="thread-title" className={c.big}>
              {data.member.name} ↔ {data.fictional.name}
            </h2>
            <span className={c.fictionalBadge}>{t('console.chat.fictional')}</span>
          </div>
          <ol className={c.messages} ref={list} aria-label={t('console.chat.conversation')}>
            {data.messages.map((m) => (
              <li key={m.id} className={m.from === 'member' ? c.fromMember : c.fromFictional}>
                {m.removed ? (
                  <em className={c.removed}>{t('console.chat.removed')}</em>
                ) : (
                  <>
                    {m.kind === 'text' && m.text}
                    {m.kind === 'gift' && t('console.chat.last_gift', { gift: t(`console.chat.gift_names.${m.gift}`) })}
                    {m.kind === 'image' &&
                      (m.image ? <img className={c.thumb} src={m.image} alt={t('console.chat.image')} /> : t('console.chat.image'))}
                  </>
                )}
                <span className={c.time}>{time(m.created_at)}</span>
              </li>
            ))}
          </ol>
          {failure && (
            <p role="alert" className={f.alert}>
              {errorText(failure, t('console.errors.generic'))}
            </p>
          )}
          <form className={c.compose} onSubmit={submit}>
            <label className={f.field}>
              <span className={f.label}>{t('console.chat.answer_label', { name: data.fictional.name })}</span>
              <textarea className={f.input} rows={3} maxLength={2000} value={text} onChange={(e) => onType(e.target.value)} />
            </label>
            <div className={c.composeRow}>
              <div className={c.chips} role="group" aria-label={t('console.chat.suggestions')}>
                {data.suggestions.map((x) => (
                  <button key={x} type="button" className={c.chip} onClick={() => onType(x)}>
                    {x}
                  </button>
                ))}
              </div>
              <button type="submit" className={`${button.primary} ${disabledState}`} disabled={send.isPending || !text.trim()}>
                {t('console.chat.send')}
              </button>
            </div>
          </form>
          <h3 className={c.panelTitle}>{t('console.chat.gifts')}</h3>
          <div className={c.chips}>
            {data.gifts.map((g: GiftId) => (
              <button
                key={g}
                type="button"
                className={c.chip}
                disabled={send.isPending}
                onClick={() => send.mutate({ conversation, client_id: newClientId(), kind: 'gift', gift: g })}
              >
                {t(`console.chat.gift_names.${g}`)}
              </button>
            ))}
          </div>
        </section>

        <aside className={c.panel} aria-labelledby="persona-title">
          <h2 className={c.panelTitle}>{t('console.chat.persona_title')}</h2>
          <p id="persona-title" className={c.big}>
            {data.fictional.name}, {t('console.chat.age', { age: data.fictional.age })}
          </p>
          {data.fictional.persona_note ? (
            <p className={c.note}>{data.fictional.persona_note}</p>
          ) : (
            <p className={c.small}>{t('console.chat.no_note')}</p>
          )}
          <h3 className={c.panelTitle}>{t('console.chat.send_photo')}</h3>
          {data.fictional.photos.length ? (
            <ul className={c.thumbs}>
              {data.fictional.photos.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={c.thumbButton}
                    disabled={send.isPending}
                    onClick={() => send.mutate({ conversation, client_id: newClientId(), kind: 'image', photo: p.id })}
                  >
                    <img
                      className={c.thumb}
                      src={p.thumb}
                      alt={t('console.chat.photo_alt', { name: data.fictional.name })}
                      loading="lazy"
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={c.small}>{t('console.chat.no_photos')}</p>
          )}
          <Notes conversation={conversation} data={data} />
        </aside>
      </div>
    </>
  );
}

function Notes({ conversation, data }: { conversation: number; data: ChatConversationAnswer }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => api.post('/api/operator/chat-note.php', { conversation, note: note.trim() }).then(dataOf),
    onSuccess: (a) => {
      setNote('');
      client.setQueryData<ChatConversationAnswer>(['chat', conversation], (old) => (old ? { ...old, notes: [a.note, ...old.notes] } : old));
    },
  });
  return (
    <>
      <h3 className={c.panelTitle}>{t('console.chat.notes', { member: data.member.name, fictional: data.fictional.name })}</h3>
      {data.notes.length ? (
        <ul className={c.noteList}>
          {data.notes.map((n) => (
            <li key={n.id}>
              <p className={c.about}>{n.note}</p>
              <p className={c.small}>
                {n.operator} · {new Date(n.created_at).toLocaleDateString(locale)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className={c.small}>{t('console.chat.no_notes')}</p>
      )}
      <form
        className={c.compose}
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) add.mutate();
        }}
      >
        <label className={f.field}>
          <span className={f.label}>{t('console.chat.note_label')}</span>
          <textarea className={f.input} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        {add.error && (
          <p role="alert" className={f.error}>
            {errorText(add.error, t('console.errors.generic'))}
          </p>
        )}
        <button type="submit" className={`${button.outline} ${disabledState}`} disabled={add.isPending || !note.trim()}>
          {t('console.chat.note_add')}
        </button>
      </form>
    </>
  );
}
