/**
 * What a page the worker rendered (a member's /members, web/members-ssr.tsx) was rendered with of this browser's
 * state: the cookie mirrors of its dismissals and its push state as the request carried them, in the page
 * (`<script id="rendered-with">`). The browser's first render reads the same (web/lib/dismissals.ts, web/lib/push.ts),
 * so the hydration finds the markup it renders, whatever `document.cookie` says by then (a cookie the page load
 * carried that the page's script cannot read, a mirror rewritten in between).
 */
export const RENDERED_WITH_ID = 'rendered-with';

export type RenderedWith = {
  /** The push state's cookie mirror (web/lib/push.ts; '' without one). */
  push: string;
  /** The dismissals' cookie mirrors the render read, by key (web/lib/dismissals.ts), each the time of the dismissal. */
  dismissals: Record<string, string>;
};

let read: RenderedWith | null | undefined;

/** The page's record (null: a page the worker did not render, or none in it). */
export function renderedWith(): RenderedWith | null {
  if (read !== undefined) return read;
  const element = typeof document === 'undefined' ? null : document.getElementById(RENDERED_WITH_ID);
  try {
    read = element?.textContent ? (JSON.parse(element.textContent) as RenderedWith) : null;
  } catch {
    read = null;
  }
  return read;
}

/** The record's markup for the page (its JSON escaped as the shell's boot JSON is: no `</script>` can close it). */
export const renderedWithScript = (state: RenderedWith) =>
  `<script id="${RENDERED_WITH_ID}" type="application/json">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
