import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../lib/i18n';
import * as s from './modal.css';
import { useFocusTrap } from './use-focus-trap';

type Props = {
  title: string;
  children: ReactNode;
  /** Called on Esc, a backdrop click or the close button; omit it for a modal that must be answered. */
  onDismiss?: () => void;
  /** Shown above the title, e.g. a progress indicator. */
  header?: ReactNode;
  /** A sheet from the screen's bottom on a phone (below 576 px: within the thumb's reach), the dialog elsewhere. */
  sheet?: boolean;
};

/**
 * An accessible modal dialog over the page (a portal in <body>, the app behind it inert): focus
 * moves into it and back to its opener, Tab stays inside, Esc/backdrop dismiss when allowed.
 */
export function Modal({ title, children, onDismiss, header, sheet = false }: Props) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Read through a ref: whether it may be dismissed can change while open without refocusing.
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useFocusTrap(ref, () => dismissRef.current?.());

  const modal = (
    <div
      className={sheet ? `${s.backdrop} ${s.sheetBackdrop}` : s.backdrop}
      onClick={(e) => e.target === e.currentTarget && dismissRef.current?.()}
    >
      <div
        ref={ref}
        className={sheet ? `${s.dialog} ${s.sheet}` : s.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        {onDismiss && (
          <button type="button" className={s.close} onClick={onDismiss} aria-label={t('modal.close')} data-close>
            ×
          </button>
        )}
        {header}
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
  // the build's static copy (web/prerender.tsx, the entry warning) has no document: the markup itself
  return typeof document === 'undefined' ? modal : createPortal(modal, document.body);
}
