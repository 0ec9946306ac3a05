import { useEffect, useId, useRef, type ReactNode } from 'react';
import * as s from './modal.css';

type Props = {
  title: string;
  children: ReactNode;
  /** Called on Esc or a backdrop click; omit it for a modal that must be answered. */
  onDismiss?: () => void;
};

/** An accessible modal dialog: focus moves into it, Tab stays inside, Esc/backdrop dismiss when allowed. */
export function Modal({ title, children, onDismiss }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button, a[href], input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onDismiss) onDismiss();
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
  }, [onDismiss]);

  return (
    <div className={s.backdrop} onClick={(e) => e.target === e.currentTarget && onDismiss?.()}>
      <div ref={ref} className={s.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
