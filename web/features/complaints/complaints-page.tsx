import { useState } from 'react';
import type { OwnComplaint, OwnDecision } from '../../../worker/contracts/reports';
import { COMPLAINT_TEXT_MAX } from '../../../worker/contracts/reports.values';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert, localFailure, Notice, TextAreaField } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useComplaints } from '../../lib/calls/get-complaints';
import { useLocale, useT } from '../../lib/i18n';
import type { ApiFailure } from '../../lib/request';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useFileAppeal } from './api/appeal';
import { useFileComplaint } from './api/file-complaint';
import * as s from './complaints.css';

/**
 * /complaints for a logged-in member (spec section 2): the moderators' decisions about their account
 * with the statement of reasons, an appeal of each (handled by another moderator), a general
 * complaint, and what became of what they filed. The static complaints text follows (app/router).
 */
export function ComplaintsPage() {
  const { status } = useStore(sessionStore);
  if (status !== 'in') return null;
  return <Complaints />;
}

export const dateOf = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });

function Complaints() {
  const t = useT();
  const locale = useLocale();
  const query = useComplaints();
  const data = query.data;
  return (
    <div className={`${s.page} ${s.narrow}`}>
      <title>{t('complaints.title')}</title>
      <h1 className={s.title}>{t('complaints.title')}</h1>
      <p className={s.text}>{t('complaints.intro')}</p>
      <section className={s.card} aria-labelledby="complaints-decisions">
        <h2 id="complaints-decisions" className={s.heading}>
          {t('complaints.decisions_title')}
        </h2>
        {!data ? (
          query.error ? (
            <FormAlert failure={query.error as unknown as ApiFailure} />
          ) : (
            <p role="status" className={f.small}>
              {t('complaints.loading')}
            </p>
          )
        ) : data.decisions.length === 0 ? (
          <p className={s.text}>{t('complaints.none')}</p>
        ) : (
          <ul className={s.list}>
            {data.decisions.map((d) => (
              <Decision key={d.id} decision={d} complaint={data.complaints.find((c) => c.decision_id === d.id)} />
            ))}
          </ul>
        )}
      </section>
      <GeneralComplaint />
      {data && data.complaints.length > 0 && (
        <section className={s.card} aria-labelledby="complaints-filed">
          <h2 id="complaints-filed" className={s.heading}>
            {t('complaints.filed_title')}
          </h2>
          <ul className={s.list}>
            {data.complaints.map((c) => (
              <Filed key={c.id} complaint={c} locale={locale} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** One decision as its statement of reasons: the measure, what it was about, the ground, the note, that a person decided. */
export function DecisionStatement({ decision: d }: { decision: OwnDecision }) {
  const t = useT();
  const locale = useLocale();
  const action = d.action === 'remove' ? (`remove_${d.kind}` as const) : d.action;
  return (
    <>
      <p className={s.date}>{dateOf(d.created_at, locale)}</p>
      <p className={s.action}>{t(`complaints.actions.${action}`)}</p>
      {!d.appeal_of && <p className={s.line}>{t(`complaints.facts.${d.kind}`)}</p>}
      <p className={s.line}>{t('complaints.ground', { ground: t(`complaints.reasons.${d.reason}`) })}</p>
      {d.note && <p className={s.line}>{t('complaints.note', { note: d.note })}</p>}
      <p className={f.small}>{t('complaints.human')}</p>
    </>
  );
}

/** One decision with its appeal. */
function Decision({ decision: d, complaint }: { decision: OwnDecision; complaint?: OwnComplaint }) {
  const t = useT();
  const [appealing, setAppealing] = useState(false);
  return (
    <li className={s.decision} data-decision={d.id}>
      <DecisionStatement decision={d} />
      {complaint && <span className={s.status}>{t(`complaints.status.${complaint.outcome ?? 'open'}`)}</span>}
      {/* the form stays after sending (its confirmation), when the decision is no longer appealable */}
      {(d.appealable || appealing) &&
        (appealing ? (
          <ComplaintForm
            decisionId={d.id}
            label={t('complaints.appeal_text')}
            submit={t('complaints.appeal_submit')}
            onCancel={() => setAppealing(false)}
          />
        ) : (
          <div className={f.actions}>
            <button type="button" className={button.outline} onClick={() => setAppealing(true)}>
              {t('complaints.appeal')}
            </button>
          </div>
        ))}
    </li>
  );
}

function GeneralComplaint() {
  const t = useT();
  return (
    <section className={s.card} aria-labelledby="complaints-general">
      <h2 id="complaints-general" className={s.heading}>
        {t('complaints.general_title')}
      </h2>
      <ComplaintForm label={t('complaints.general_text')} hint={t('complaints.general_hint')} submit={t('complaints.general_submit')} />
    </section>
  );
}

/**
 * The text of an appeal or a complaint; the confirmation replaces the form. With `token` it is the
 * appeal of an appeal link's decision (logged out), else the member's own call.
 */
export function ComplaintForm({
  decisionId,
  token,
  label,
  hint,
  submit,
  onCancel,
}: {
  decisionId?: string;
  token?: string;
  label: string;
  hint?: string;
  submit: string;
  onCancel?: () => void;
}) {
  const t = useT();
  const complaint = useFileComplaint();
  const appeal = useFileAppeal(token ?? '');
  const file = token ? appeal : complaint;
  const [text, setText] = useState('');
  const [local, setLocal] = useState<ApiFailure | null>(null);
  if (file.isSuccess) return <Notice>{t(decisionId || token ? 'complaints.appeal_filed' : 'complaints.general_sent')}</Notice>;
  const failure = local ?? (file.error as unknown as ApiFailure | null);
  return (
    <form
      className={s.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return setLocal(localFailure([{ path: 'text', message: t('complaints.required') }]));
        setLocal(null);
        if (token) appeal.mutate(text.trim());
        else complaint.mutate({ ...(decisionId ? { decision_id: decisionId } : {}), text: text.trim() });
      }}
    >
      <TextAreaField
        label={label}
        hint={hint}
        maxLength={COMPLAINT_TEXT_MAX}
        rows={4}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setLocal(null); // the "fill this in" goes once there is text
        }}
        error={failure?.issues.find((i) => i.path === 'text')?.message}
      />
      <FormAlert failure={failure} fields={['text']} />
      <div className={f.actions}>
        <button type="submit" className={`${button.primary} ${disabledState}`} disabled={file.isPending} aria-busy={file.isPending}>
          {submit}
        </button>
        {onCancel && (
          <button type="button" className={button.outline} onClick={onCancel} disabled={file.isPending}>
            {t('complaints.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

export function Filed({ complaint: c, locale }: { complaint: OwnComplaint; locale: string }) {
  const t = useT();
  return (
    <li className={s.decision}>
      <p className={s.date}>
        {t(c.decision_id ? 'complaints.filed_appeal' : 'complaints.filed_general', { date: dateOf(c.created_at, locale) })}
      </p>
      <p className={s.line}>{c.text}</p>
      <span className={s.status}>{t(`complaints.status.${c.outcome ?? 'open'}`)}</span>
      {c.answer && <p className={s.line}>{t('complaints.answer', { answer: c.answer })}</p>}
    </li>
  );
}
