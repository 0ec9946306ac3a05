import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../lib/i18n';
import { useFocusTrap } from './use-focus-trap';
import * as s from './photo-viewer.css';

/** A swipe this far (px) sideways moves to the next or the previous photo; less is a tap. */
const SWIPE_PX = 50;
const ZOOM = 2.5;

/**
 * Photos over the page, one at a time, as large as the screen allows: a swipe, the arrow keys or
 * the buttons move between them; a tap or a click zooms in at that point and out again (a phone's
 * pinch zooms too); Esc, the close button or a click beside the photo closes it, and focus returns
 * to what opened it. Only photos the viewer may see are given to it (locked ones never are).
 */
export function PhotoViewer({
  photos,
  start = 0,
  onClose,
}: {
  photos: { src: string; alt: string }[];
  start?: number;
  onClose: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(Math.min(Math.max(0, start), photos.length - 1));
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const down = useRef<{ x: number; y: number } | null>(null);
  /** Where the last press began: a click closes only when it began beside the photo too (a swipe that ends beside it does not). */
  const pressedOn = useRef<EventTarget | null>(null);
  const closeBeside = (e: { target: EventTarget; currentTarget: EventTarget }) => {
    if (e.target === e.currentTarget && pressedOn.current === e.currentTarget) onClose();
  };
  useFocusTrap(ref, onClose);
  const go = (step: number) => {
    setZoom(null);
    setIndex((i) => Math.min(Math.max(0, i + step), photos.length - 1));
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const onPointerDown = (e: PointerEvent<HTMLImageElement>) => {
    if (e.isPrimary) down.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLImageElement>) => {
    const from = down.current;
    down.current = null;
    if (!from || !e.isPrimary) return;
    const dx = e.clientX - from.x;
    if (!zoom && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) return go(dx < 0 ? 1 : -1);
    if (Math.abs(dx) > 10) return;
    // a tap: zoom in at that point of the photo, or out again
    const box = e.currentTarget.getBoundingClientRect();
    setZoom(zoom ? null : { x: ((e.clientX - box.left) / box.width) * 100, y: ((e.clientY - box.top) / box.height) * 100 });
  };

  const photo = photos[index]!;
  return createPortal(
    <div
      ref={ref}
      className={s.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={photo.alt}
      tabIndex={-1}
      onPointerDownCapture={(e) => (pressedOn.current = e.target)}
      onClick={closeBeside}
    >
      <button type="button" className={s.close} onClick={onClose} aria-label={t('modal.close')} data-autofocus>
        ×
      </button>
      <div className={s.frame} onClick={closeBeside}>
        <img
          className={s.image}
          src={photo.src}
          alt={photo.alt}
          draggable={false}
          data-zoomed={zoom ? '' : undefined}
          style={zoom ? { transform: `scale(${ZOOM})`, transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
        />
      </div>
      {photos.length > 1 && (
        <div className={s.bar}>
          <button type="button" className={s.step} onClick={() => go(-1)} disabled={index === 0} aria-label={t('viewer.previous')}>
            ‹
          </button>
          <span className={s.counter} aria-live="polite">
            {t('viewer.counter', { number: index + 1, total: photos.length })}
          </span>
          <button
            type="button"
            className={s.step}
            onClick={() => go(1)}
            disabled={index === photos.length - 1}
            aria-label={t('viewer.next')}
          >
            ›
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}
