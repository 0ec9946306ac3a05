import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../components/ui/use-focus-trap';
import { useT } from '../../lib/i18n';
import * as s from './picker.css';

/** A photo of a chat, large, over the page: Esc, the close button or a click beside it closes it; focus then returns to the photo. */
export function ImageViewer({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, onClose);
  return createPortal(
    <div ref={ref} className={s.viewer} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <button type="button" className={s.viewerClose} onClick={onClose} aria-label={t('modal.close')} data-autofocus>
        ×
      </button>
      <img className={s.viewerImage} src={src} alt={label} />
    </div>,
    document.body,
  );
}
