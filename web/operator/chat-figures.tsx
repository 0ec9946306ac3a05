import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ChatFiguresAnswer, ChatFiguresDay } from '../../worker/contracts/console';
import { button } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as c from './chat-console.css';
import * as s from './console.css';
import { useLocale, useT } from './i18n';

const MESSAGES_COLOUR = '#f0b35c';
const ANSWERS_COLOUR = '#ad5600';

/** Figures for admins: per site and day, and per operator; a bar chart of messages and answers per day (inline SVG). */
export function ChatFiguresScreen() {
  const t = useT();
  const locale = useLocale();
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [draft, setDraft] = useState(range);
  const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString();
  const figures = useQuery({
    queryKey: ['chat-figures', query],
    queryFn: () => api.get(query ? `/api/operator/chat-figures.php?${query}` : '/api/operator/chat-figures.php').then(dataOf),
  });
  const data = figures.data;
  const money = (revenue: Record<string, number>) =>
    Object.entries(revenue)
      .map(([currency, minor]) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100))
      .join(' + ') || '–';
  const seconds = (v: number | null) => (v === null ? '–' : t('console.figures.seconds', { seconds: v }));
  function show(e: FormEvent) {
    e.preventDefault();
    setRange(draft);
  }
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>{t('console.figures.title')}</h1>
        <p className={s.intro}>{t('console.figures.intro')}</p>
      </div>
      <form className={c.toolbar} onSubmit={show}>
        <label className={f.field}>
          <span className={f.label}>{t('console.figures.from')}</span>
          <input
            type="date"
            className={f.input}
            value={draft.from || data?.from || ''}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className={f.field}>
          <span className={f.label}>{t('console.figures.to')}</span>
          <input
            type="date"
            className={f.input}
            value={draft.to || data?.to || ''}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <button type="submit" className={button.outline}>
          {t('console.figures.show')}
        </button>
      </form>
      {figures.error && (
        <p role="alert" className={f.alert}>
          {failureText(figures.error, t('console.errors.generic'))}
        </p>
      )}
      {data && (
        <>
          <section className={s.card} aria-labelledby="chart-title">
            <h2 id="chart-title" className={c.panelTitle}>
              {t('console.figures.chart_title')}
            </h2>
            <Chart data={data} />
            <p className={c.legend}>
              <span>
                <span className={c.swatch} style={{ background: MESSAGES_COLOUR }} />
                {t('console.figures.legend_messages')}
              </span>
              <span>
                <span className={c.swatch} style={{ background: ANSWERS_COLOUR }} />
                {t('console.figures.legend_answers')}
              </span>
            </p>
          </section>
          <section className={`${s.card} ${c.scroll}`}>
            {data.days.length === 0 ? (
              <p className={s.muted}>{t('console.figures.none')}</p>
            ) : (
              <table className={s.table}>
                <thead>
                  <tr>
                    <th>{t('console.figures.day')}</th>
                    <th>{t('console.figures.site')}</th>
                    <th className={c.numeric}>{t('console.figures.purchases')}</th>
                    <th className={c.numeric}>{t('console.figures.revenue')}</th>
                    <th className={c.numeric}>{t('console.figures.credits')}</th>
                    <th className={c.numeric}>{t('console.figures.member_messages')}</th>
                    <th className={c.numeric}>{t('console.figures.answers')}</th>
                    <th className={c.numeric}>{t('console.figures.median')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={`${d.day}-${d.site}`}>
                      <td>{d.day}</td>
                      <td>{d.site}</td>
                      <Cell label={t('console.figures.purchases')} value={String(d.purchases)} />
                      <Cell label={t('console.figures.revenue')} value={money(d.revenue)} />
                      <Cell label={t('console.figures.credits')} value={String(d.credits_spent)} />
                      <Cell label={t('console.figures.member_messages')} value={String(d.member_messages)} />
                      <Cell label={t('console.figures.answers')} value={String(d.operator_answers)} />
                      <Cell label={t('console.figures.median')} value={seconds(d.median_answer_seconds)} />
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className={s.card} aria-labelledby="per-operator">
            <h2 id="per-operator" className={c.panelTitle}>
              {t('console.figures.per_operator')}
            </h2>
            {data.operators.length === 0 ? (
              <p className={s.muted}>{t('console.figures.none')}</p>
            ) : (
              <table className={s.table}>
                <thead>
                  <tr>
                    <th>{t('console.figures.operator')}</th>
                    <th className={c.numeric}>{t('console.figures.answers')}</th>
                    <th className={c.numeric}>{t('console.figures.median')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.operators.map((o) => (
                    <tr key={o.id}>
                      <td>{o.name}</td>
                      <Cell label={t('console.figures.answers')} value={String(o.answers)} />
                      <Cell label={t('console.figures.median')} value={seconds(o.median_answer_seconds)} />
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </>
  );
}

function Cell({ label, value }: { label: string; value: string }) {
  return (
    <td className={c.numeric}>
      <span className={s.cellLabel}>{label}</span>
      {value}
    </td>
  );
}

/** Member messages and operator answers per day over every site, two bars a day. */
function Chart({ data }: { data: ChatFiguresAnswer }) {
  const days: string[] = [];
  for (let d = Date.parse(data.from); d <= Date.parse(data.to); d += 86_400_000) days.push(new Date(d).toISOString().slice(0, 10));
  const sum = (day: string, pick: (r: ChatFiguresDay) => number) => data.days.filter((r) => r.day === day).reduce((n, r) => n + pick(r), 0);
  const rows = days.map((day) => ({ day, messages: sum(day, (r) => r.member_messages), answers: sum(day, (r) => r.operator_answers) }));
  const max = Math.max(1, ...rows.flatMap((r) => [r.messages, r.answers]));
  const width = 720;
  const height = 180;
  const slot = width / rows.length;
  const bar = Math.max(2, Math.min(18, slot / 3));
  const y = (v: number) => (v / max) * (height - 30);
  return (
    <svg
      className={c.chart}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={rows.map((r) => `${r.day}: ${r.messages}/${r.answers}`).join(', ')}
    >
      <line x1="0" x2={width} y1={height - 20} y2={height - 20} stroke="#eadfd3" />
      {rows.map((r, i) => {
        const x = i * slot + slot / 2;
        return (
          <g key={r.day}>
            <rect x={x - bar - 1} y={height - 20 - y(r.messages)} width={bar} height={y(r.messages)} fill={MESSAGES_COLOUR} rx="2" />
            <rect x={x + 1} y={height - 20 - y(r.answers)} width={bar} height={y(r.answers)} fill={ANSWERS_COLOUR} rx="2" />
            {(rows.length <= 16 || i % Math.ceil(rows.length / 16) === 0) && (
              <text x={x} y={height - 5} fontSize="10" textAnchor="middle" fill="#6b625c">
                {r.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
