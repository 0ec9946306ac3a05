import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n';
import * as s from './picker.css';

/** A photo of a chat, large, over the page: Esc, the close button or a click beside it closes it. */
export function ImageViewer({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const t = useT();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus?.();
    };
  }, []);
  return (
    <div className={s.viewer} role="dialog" aria-modal="true" aria-label={label} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <button type="button" className={s.viewerClose} onClick={onClose} aria-label={t('modal.close')} autoFocus>
        ×
      </button>
      <img className={s.viewerImage} src={src} alt={label} />
    </div>
  );
}
