import { useState } from 'react';
import type { ReportKind, ReportReason } from '../../worker/contracts/reports.values';
import { REPORT_REASONS, REPORT_TEXT_MAX } from '../../worker/contracts/reports.values';
import { reportContent } from '../lib/calls/report';
import { useT } from '../lib/i18n';
import { useStore } from '../lib/store';
import { sessionStore } from '../lib/user';
import { button, disabledState, quiet } from './ui/button.css';
import { FormAlert, localFailure, Notice, RadioGroup, TextAreaField, useApiForm } from './ui/form';
import * as f from './ui/form.css';
import { Modal } from './ui/modal';

type Target = { kind: 'profile' | 'message'; id: number } | { kind: 'photo'; id: string };

/**
 * The report modal (EU DSA notice and action) for a profile, a photo or a chat message: a reason,
 * optional text, then the confirmation (a logged-in reporter also gets it by mail). Needs the
 * members catalogue (`report.*`).
 */
export function ReportDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const t = useT();
  const session = useStore(sessionStore);
  const form = useApiForm();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [done, setDone] = useState(false);
  const kind: ReportKind = target.kind;

  const send = () => {
    if (!reason) return form.setFailure(localFailure([{ path: 'reason', message: t('report.reason_required') }]));
    void form.submit(
      () => reportContent({ ...target, reason, ...(text.trim() ? { text: text.trim() } : {}) } as Parameters<typeof reportContent>[0]),
      () => setDone(true),
    );
  };

  if (done)
    return (
      <Modal title={t('report.done_title')} onDismiss={onClose}>
        <Notice>{t(session.status === 'in' ? 'report.done_mail' : 'report.done_text')}</Notice>
        <div className={f.actions}>
          <button type="button" className={button.primary} onClick={onClose}>
            {t('report.close')}
          </button>
        </div>
      </Modal>
    );

  return (
    <Modal title={t(`report.title_${kind}`)} onDismiss={form.busy ? undefined : onClose}>
      <form
        className={f.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <p className={f.small}>{t('report.intro')}</p>
        <RadioGroup
          label={t('report.reason')}
          name="report-reason"
          vertical
          value={reason}
          options={REPORT_REASONS.map((r) => ({ value: r, label: t(`report.reasons.${r}`) }))}
          onChange={(r) => {
            setReason(r);
            form.setFailure(null);
          }}
          error={form.fieldError('reason')}
        />
        <TextAreaField
          label={t('report.text')}
          hint={t('report.text_hint')}
          maxLength={REPORT_TEXT_MAX}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={form.fieldError('text')}
        />
        <FormAlert failure={form.failure} fields={['reason', 'text']} />
        <div className={f.actions}>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
            {t('report.submit')}
          </button>
          <button type="button" className={button.outline} onClick={onClose} disabled={form.busy}>
            {t('report.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A quiet "Report" button that opens the dialog. */
export function ReportButton({ target, label, className }: { target: Target; label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className ?? quiet} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && <ReportDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
