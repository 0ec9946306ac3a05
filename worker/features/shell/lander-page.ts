import type { LanderAnswer, PartnerTile } from '../../contracts/landers';
import type { MemberCard } from '../../contracts/profiles';

/**
 * A prerendered lander's templates for one site and locale (web/lander-prerender.tsx, built into
 * web/dist/.vite/lander-prerender.json by the landers' build): the page with a marker where the
 * grid's tiles go (`ok`), the page the logged-out search rules give (`refused`, complete), how many
 * tiles the page shows, each kind of tile and partner tile with markers for its values, and the
 * age's text.
 */
export type LanderTemplates = {
  pages: Record<string, { ok: string; refused: string; count: number }>;
  tiles: Record<string, string>;
  partner: Record<PartnerTile['kind'], string>;
  age: string;
};

/** The markers of web/lander-prerender.tsx (MARK). */
const MARK = {
  tiles: '@@tiles@@',
  id: '@@id@@',
  name: '@@name@@',
  meta: '@@meta@@',
  thumb: '@@thumb@@',
  match: '@@match@@',
  url: '@@url@@',
  age: '@@age@@',
};

/** As React escapes text and attribute values (react-dom's escapeTextForBrowser), so the markup is the one the app renders. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const regionNames = new Map<string, Intl.DisplayNames>();
/** A country's name in the language, as web/lib/intl.ts regionName. */
function regionName(locale: string, code: string): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(code) ?? code;
}

/** One template with its markers replaced by (escaped) values; a function replacement, so no `$` pattern in a value is read. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/@@[a-z]+@@/g, (marker) => (Object.hasOwn(values, marker) ? escapeHtml(values[marker]!) : marker));

/** A profile's tile, as web/features/landers/parts.tsx ProfileTile renders it (age and place as useCardMeta). */
function tile(t: LanderTemplates, card: MemberCard, eager: boolean, locale: string): string {
  const meta = [
    card.age !== null && t.age.replace(MARK.age, String(card.age)),
    card.city ?? (card.country ? regionName(locale, card.country) : null),
  ]
    .filter(Boolean)
    .join(' · ');
  const template = t.tiles[`${+card.fictional}${+card.online}${eager ? 'e' : 'l'}`]!;
  return fill(template, {
    [MARK.id]: String(card.id),
    [MARK.name]: card.name,
    [MARK.meta]: meta,
    [MARK.thumb]: card.main_image?.thumb_filename ?? '',
    [MARK.match]: card.main_image?.match ?? '',
  });
}

/**
 * The markup of a prerendered lander's #root for this request's answer (`null`: refused by the
 * logged-out search rules): the grid as ProfileGrid renders it (the first `count` profiles, the
 * first four eager, a partner tile after the fourth and then every third).
 */
export function landerRoot(t: LanderTemplates, name: string, answer: LanderAnswer | null, locale: string): string | null {
  const page = t.pages[name];
  if (!page) return null;
  if (!answer) return page.refused;
  // a profile without a photo shows its initial instead: the templates have none (the lander's call answers only members with a photo)
  if (answer.profiles.some((p) => !p.main_image)) return null;
  const items = answer.profiles.slice(0, page.count).map((card, i) => tile(t, card, i < 4, locale));
  answer.partner.forEach((p, i) => items.splice(Math.min(items.length, 4 + i * 3), 0, fill(t.partner[p.kind], { [MARK.url]: p.url })));
  return page.ok.replace(MARK.tiles, () => items.join(''));
}
