import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import * as s from './modal.css';

type Props = {
  title: string;
  children: ReactNode;
  /** Called on Esc, a backdrop click or the close button; omit it for a modal that must be answered. */
  onDismiss?: () => void;
  /** Shown above the title, e.g. a progress indicator. */
  header?: ReactNode;
};

/** An accessible modal dialog: focus moves into it, Tab stays inside, Esc/backdrop dismiss when allowed. */
export function Modal({ title, children, onDismiss, header }: Props) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Read through a ref: whether it may be dismissed can change while open without refocusing.
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close]), a[href]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dismissRef.current?.();
      if (e.key !== 'Tab' || !ref.current) return;
      const items = ref.current.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea');
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) (last?.focus(), e.preventDefault());
      else if (!e.shiftKey && document.activeElement === last) (first?.focus(), e.preventDefault());
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus?.();
    };
  }, []);

  return (
    <div className={s.backdrop} onClick={(e) => e.target === e.currentTarget && dismissRef.current?.()}>
      <div ref={ref} className={s.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId}>
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
}
