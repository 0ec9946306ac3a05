import type { User } from '../../contracts/account';
import { firstBanner, type BannerName, type MembersPageBanners } from '../../contracts/banners';
import type { BonusText } from '../../contracts/welcome-bonus';
import type { SearchFilters } from '../../contracts/first-search';
import { escapeHtml } from './lander-page';

/**
 * A member's /members for one site and locale (web/prerender.tsx renderMembersTemplate, built into
 * web/dist/.vite/members-prerender.json): the page as the app's first render shows it, with markers
 * for the member's values, the navigation's parts that come and go with the member's state (the
 * unread badge, the credits link's four kinds, the avatar's photo or initial), the plural texts they
 * show and the numbers that choose them.
 */
export type MembersTemplate = {
  page: string;
  unread: string;
  credits: { premium: string; plain: string; low: string; empty: string };
  avatar: { image: string; initial: string };
  /** Each member banner as the app shows it on /members, the welcome bonus's in each of its texts (absent from an older build: then none). */
  banners?: Record<Exclude<BannerName, 'bonus'>, string> & { bonus: Record<BonusText['text'], string> };
  /** The entry warning's dialog, for the end of body (absent from an older build). */
  warning?: string;
  texts: { unread: Record<string, string>; creditsCount: Record<string, string>; creditsLow: Record<string, string>; creditsEmpty: string };
  badgeAt: number;
  badgeCap: number;
};

/** The markers of web/prerender.tsx (MEMBERS_MARK). */
const SLOTS = { unread: '@@unread_slot@@', credits: '@@credits_slot@@', avatar: '@@avatar_slot@@', banners: '@@banners_slot@@' };

const pluralRules = new Map<string, Intl.PluralRules>();
/** A plural text of the account catalogue for `count`, as web/lib/i18n.ts chooses and fills it. */
function plural(forms: Record<string, string>, locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  const form = rules.select(count);
  return (forms[form] ?? forms['other'] ?? '').replace(/{{\s*count\s*}}/g, String(count));
}

/** The select named `name` with the option of `value` chosen, as React marks a select's value in its HTML. */
function choose(page: string, name: string, value: string): string {
  return page.replace(new RegExp(`<select [^>]*name="${name}"[^>]*>[\\s\\S]*?</select>`), (select) =>
    select.replace(`<option value="${escapeHtml(value)}">`, () => `<option value="${escapeHtml(value)}" selected="">`),
  );
}

/**
 * The markup of a member's /members #root: the template with the member's navigation (name, photo or
 * initial, unread messages, credits or the premium link), the first banner due of `shown` (the welcome
 * bonus's with `bonus`: its text and the discount's percentage, none without an active discount) and the
 * first search's filters (gender and country chosen), every value escaped as React escapes it.
 * `cdnPrefix` is the site's photo address.
 */
export function membersRoot(
  t: MembersTemplate,
  user: User,
  filters: SearchFilters,
  locale: string,
  cdnPrefix: string,
  shown: MembersPageBanners,
  bonus: (BonusText & { percent: number }) | null,
): string {
  const unread = user.unread_messages;
  const credits = !user.paid_user
    ? t.credits.premium
    : user.credits > t.badgeAt
      ? t.credits.plain
      : user.credits > 0
        ? t.credits.low
        : t.credits.empty;
  const image = user.profile.main_image;
  // one banner at a time, the first due by the app's priority (worker/contracts/banners.ts: firstBanner)
  const first = firstBanner({ ...shown, bonus: shown.bonus && bonus !== null });
  const banners = !t.banners || first === null ? '' : first === 'bonus' ? t.banners.bonus[bonus!.text] : t.banners[first];
  // the parts first (the build's markup, with markers), then every value in one pass (a value is never read again)
  const withParts = t.page.replace(/@@[a-z]+_slot@@/g, (slot) =>
    slot === SLOTS.unread
      ? unread > 0
        ? t.unread
        : ''
      : slot === SLOTS.credits
        ? credits
        : slot === SLOTS.avatar
          ? image
            ? t.avatar.image
            : t.avatar.initial
          : slot === SLOTS.banners
            ? banners
            : slot,
  );
  const values: Record<string, string> = {
    '@@name@@': user.profile.name,
    '@@email@@': user.email,
    '@@bonus_percent@@': String(bonus?.percent ?? ''),
    '@@bonus_days@@': String(bonus?.days ?? ''),
    '@@bonus_clock@@': bonus?.clock ?? '',
    '@@thumb@@': image ? `${cdnPrefix}${image.thumb_filename}` : '',
    '@@initial@@': user.profile.name.slice(0, 1).toUpperCase(),
    '@@unread_badge@@': unread > t.badgeCap ? `${t.badgeCap}+` : String(unread),
    '@@unread_text@@': plural(t.texts.unread, locale, unread),
    '@@status@@': unread > 0 ? plural(t.texts.unread, locale, unread) : '',
    '@@credits@@': String(user.credits),
    '@@credits_title@@': plural(t.texts.creditsCount, locale, user.credits),
    '@@credits_low@@': plural(t.texts.creditsLow, locale, user.credits),
  };
  const filled = withParts.replace(/@@[a-z_]+@@/g, (marker) => (Object.hasOwn(values, marker) ? escapeHtml(values[marker]!) : marker));
  return choose(choose(filled, 'gender', filters['gender'] ?? ''), 'country', filters['country'] ?? '');
}
