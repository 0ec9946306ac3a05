import { useEffect, useRef, useState, type RefObject } from 'react';

/** What Tab can reach inside `root`: enabled, shown, not inert. */
export const tabbables = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,[tabindex]')].filter(
    // hidden inputs have no box, so checkVisibility (absent in some test DOMs) leaves them out too
    (el) => el.tabIndex >= 0 && !el.matches(':disabled,[inert] *') && el.checkVisibility?.() !== false,
  );

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
 * wrap around at its ends (the browser moves between, radio groups included) and bring a focus
 * that is elsewhere back, Escape calls `onEscape` (none: the modal must be answered), the page
 * behind is inert, and on unmount focus returns to the element that had it when the modal opened.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape?: () => void) {
  // read during the first render, before anything inside the modal can take focus (none in the build's static copy: web/prerender.tsx)
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    layers.push(root);
    syncInert();
    (root.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(root).find((el) => !el.hasAttribute('data-close')) ?? root).focus();
    const onKey = (e: KeyboardEvent) => {
      if (layers[layers.length - 1] !== root) return;
      if (e.key === 'Escape' && escape.current) {
        e.preventDefault();
        escape.current();
      }
      if (e.key !== 'Tab') return;
      const items = tabbables(root);
      const active = document.activeElement;
      const [first = root, last = root] = [items[0], items[items.length - 1]];
      // wrap at the ends; from outside (or the modal itself, backwards) to the first or the last
      if (!root.contains(active) || active === (e.shiftKey ? first : last) || (e.shiftKey && active === root)) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(root), 1);
      syncInert();
      opener?.focus();
    };
  }, [ref, opener]);
}
