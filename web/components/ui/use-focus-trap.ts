import { useEffect, useRef, useState, type RefObject } from 'react';

const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]';

/** What Tab reaches inside `root`, in order: enabled, shown, not inert; of a radio group only its checked radio (else its first). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    // hidden inputs have no box, so checkVisibility (absent in some test DOMs) leaves them out too
    if (el.tabIndex < 0 || el.matches(':disabled,[inert] *') || el.checkVisibility?.({ visibilityProperty: true }) === false) return false;
    const radio = el as HTMLInputElement;
    if (radio.type !== 'radio' || !radio.name) return true;
    const group = [...root.querySelectorAll<HTMLInputElement>('input[type=radio]')].filter((r) => r.name === radio.name);
    return radio === (group.find((r) => r.checked) ?? group[0]);
  });
}

/** Open modals, the top one last: only it takes keys; the app (#root) and the ones below are inert. */
const layers: HTMLElement[] = [];
function syncInert() {
  document.getElementById('root')?.toggleAttribute('inert', layers.length > 0);
  layers.forEach((el, i) => el.toggleAttribute('inert', i < layers.length - 1));
  document.body.style.overflow = layers.length ? 'hidden' : '';
}

/**
 * Makes `ref` a modal layer while mounted: focus moves into it (`[data-autofocus]`, else the first
 * tabbable element that is not a `[data-close]` button, else the layer itself), Tab and Shift+Tab
 * cycle inside, Escape calls `onEscape` (none: the modal must be answered), the page behind is
 * inert, and on unmount focus returns to the element that had it when the modal opened.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape?: () => void) {
  // read during the first render, before anything inside the modal can take focus
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    layers.push(root);
    syncInert();
    const start = root.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(root).find((el) => !el.hasAttribute('data-close')) ?? root;
    start.focus();
    const onKey = (e: KeyboardEvent) => {
      if (layers[layers.length - 1] !== root) return;
      if (e.key === 'Escape' && escape.current) {
        e.preventDefault();
        escape.current();
        return;
      }
      if (e.key !== 'Tab') return;
      e.preventDefault();
      const items = tabbables(root);
      if (!items.length) return root.focus();
      const active = document.activeElement as HTMLElement;
      let next = items.indexOf(active);
      if (next === -1) {
        // on something Tab does not reach (a step's title, the modal itself) or outside: go on from where it is
        next = root.contains(active) ? items.findIndex((el) => active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) : 0;
        if (next === -1) next = items.length;
        if (!e.shiftKey) next -= 1;
      }
      items[(next + (e.shiftKey ? -1 : 1) + items.length) % items.length]!.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(root), 1);
      syncInert();
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [ref, opener]);
}
