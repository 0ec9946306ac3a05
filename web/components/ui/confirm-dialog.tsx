import { button, danger, disabledState } from './button.css';
import * as f from './form.css';
import { Modal } from './modal';

type Props = { title: string; text: string; confirm: string; cancel: string; busy?: boolean; onConfirm: () => void; onCancel: () => void };

/** Asks before a step that is hard to undo (delete a photo, block a member); Esc or the backdrop cancel. */
export function ConfirmDialog({ title, text, confirm, cancel, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal title={title} onDismiss={busy ? undefined : onCancel}>
      <p>{text}</p>
      <div className={f.actions}>
        <button type="button" className={`${danger} ${disabledState}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirm}
        </button>
        <button type="button" className={button.outline} onClick={onCancel} disabled={busy}>
          {cancel}
        </button>
      </div>
    </Modal>
  );
}
