import type { Bindings } from '../../env';

/**
 * A prerendered page's stylesheets, inlined: the page (the visitor's landing page, a prerendered
 * lander, a member's /members) paints with the HTML alone, without a round trip per stylesheet
 * first (the members page named twelve, which held its first paint back by three round trips on a
 * phone's network). The page keeps each stylesheet's link, `disabled`: the browser fetches nothing
 * for it, and Vite's loader, which looks for a chunk's CSS among the page's stylesheet links before
 * it adds one, finds it there and fetches it neither (the rules are in the page already). The
 * `<style>` is allowed by its hash in the page's CSP (style-src keeps no 'unsafe-inline').
 */

/** The CSS files' texts, read from the assets once per isolate (an isolate never outlives its deployment's assets). */
const texts = new Map<string, string>();

async function cssText(env: Bindings, origin: string, file: string): Promise<string | null> {
  const known = texts.get(file);
  if (known !== undefined) return known;
  const res = await env.ASSETS.fetch(new Request(`${origin}/${file}`));
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  texts.set(file, text);
  return text;
}

export type InlinedStyles = { style: string; links: string; hash: string };

/**
 * The page's stylesheets (`linked`, those its HTML links itself: the entry's) and its screen's (`added`)
 * as one `<style>`, in that order, the disabled links that stand for the added ones (the page's own
 * are disabled where they are), and the style's CSP hash; null when a file cannot be read (the page
 * then links its stylesheets as before).
 */
export async function inlineStyles(env: Bindings, origin: string, linked: string[], added: string[]): Promise<InlinedStyles | null> {
  const files = [...new Set([...linked, ...added])];
  const found = await Promise.all(files.map((f) => cssText(env, origin, f)));
  if (found.some((t) => t === null || /<\/style/i.test(t))) return null;
  const css = found.join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css));
  return {
    style: `<style>${css}</style>`,
    links: files
      .filter((f) => !linked.includes(f))
      .map((f) => `<link rel="stylesheet" href="/${f}" crossorigin disabled>`)
      .join(''),
    hash: `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`,
  };
}
