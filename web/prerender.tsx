/**
 * The build's prerendering entry (scripts/prerender.ts builds it for Node and runs it): the app's
 * first screen of a path as HTML, for a visitor of one site and locale, with the same components
 * and class names as the browser's build. The worker puts it into #root (shell.page.ts), so the
 * page paints before any JavaScript has run; main.tsx then renders the same screen over it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { EntryWarningDialog } from './features/entry-warning/entry-warning-dialog';
import { Root } from './app/root';
import { preloadScreen } from './app/router';
import { loadFooterCatalogue } from './components/layout/footer';
import type { User } from '../worker/contracts/account';
import { BADGE_CAP, CREDITS_BADGE_AT } from '../worker/contracts/constants';
import { STATIC_ENTRY_WARNING_ID } from '../worker/contracts/entry-warning';
import { accountLoaders } from './lib/account-catalogue';
import type { Boot } from './lib/boot';
import { createTranslator, loadAccountCatalogue } from './lib/i18n';
import { pushStore, type PushState } from './lib/push';
import { activeDiscountQueryOptions } from './lib/calls/get-discount';
import { queryClient } from './lib/query-client';
import type { DiscountCode } from '../worker/contracts/payments';
import { bonusText, type BonusText } from '../worker/contracts/welcome-bonus';
import { setUser } from './lib/user';

export async function renderPage(boot: Boot, path: string): Promise<string> {
  setUser(null);
  const t = await createTranslator(boot.settings.locale);
  // each page's translator gets the footer's texts (the footer's code, once loaded, is not loaded again)
  await Promise.all([preloadScreen(path), loadFooterCatalogue()]);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider boot={boot} t={t}>
        <StaticRouter location={path}>
          <Root />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** The markers of the members page's template (worker/features/shell/members-page.ts reads the same names). */
export const MEMBERS_MARK = {
  name: '@@name@@',
  thumb: '@@thumb@@',
  initial: '@@initial@@',
  unreadBadge: '@@unread_badge@@',
  unreadText: '@@unread_text@@',
  status: '@@status@@',
  credits: '@@credits@@',
  creditsTitle: '@@credits_title@@',
  creditsLow: '@@credits_low@@',
  unreadSlot: '@@unread_slot@@',
  creditsSlot: '@@credits_slot@@',
  avatarSlot: '@@avatar_slot@@',
  bannersSlot: '@@banners_slot@@',
  email: '@@email@@',
  bonusPercent: '@@bonus_percent@@',
  bonusDays: '@@bonus_days@@',
  bonusClock: '@@bonus_clock@@',
} as const;

/**
 * A member's /members as the app's first render shows it (the member layout's header and navigation, the
 * page's title, its filters and the results area while the first search loads, the footer), for one site and
 * locale, with markers for the member's own values; the worker fills them per request. The parts that
 * come and go with the member's state (the unread badge, the credits link's four kinds, the avatar's photo
 * or initial) are cut out of renders that differ only in them, so they are the app's own markup; the
 * filters' chosen gender and country are the worker's to mark (`selected`); the member banners the worker
 * can tell (by the member and this browser's cookie mirrors: worker/contracts/banners.ts) are the app's markup
 * of each, which the worker puts where the app shows them (below the header).
 */
export type MembersTemplate = {
  page: string;
  unread: string;
  credits: { premium: string; plain: string; low: string; empty: string };
  avatar: { image: string; initial: string };
  /**
   * Each member banner as the app shows it on /members (the activation reminder with the member's
   * address as a marker), and the welcome bonus's in its three texts (worker/contracts/welcome-bonus.ts:
   * bonusText), with markers for the percentage, the days and the countdown.
   */
  banners: { activation: string; disabled: string; photo: string; push: string; bonus: Record<BonusText['text'], string> };
  /** The plural texts the navigation shows (locales/account: account_menu), `{{count}}` in them. */
  texts: { unread: Record<string, string>; creditsCount: Record<string, string>; creditsLow: Record<string, string>; creditsEmpty: string };
  /** The entry warning's dialog as the app shows it (a portal at the end of body), for a browser that has not answered it. */
  warning: string;
  /** The credits' badge shows at this many or fewer. */
  badgeAt: number;
  badgeCap: number;
};

const memberUser = (over: {
  unread?: number;
  paid?: boolean;
  credits?: number;
  image?: boolean;
  unconfirmed?: boolean;
  mailOff?: boolean;
}): User => ({
  id: 1,
  email: MEMBERS_MARK.email,
  status: over.unconfirmed ? 'not_confirmed' : 'active',
  credits: over.credits ?? 0,
  paid_user: over.paid ?? false,
  free_conversations_left: 0,
  free_messages_left: 0,
  signup_date: '2020-01-01',
  notifications_disabled: over.mailOff ? ['bounce'] : [],
  language: 'nl',
  fictional_icon: false,
  signup_step: 'done',
  push_permission: 'granted',
  unread_messages: over.unread ?? 0,
  profile: {
    id: 1,
    name: MEMBERS_MARK.name,
    gender: 'male',
    sexuality: null,
    date_of_birth: '1980-01-01',
    age: 40,
    country: '',
    region: null,
    city: null,
    about_me: null,
    hair_colour: null,
    eye_colour: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    signup_reason: null,
    interests: [],
    status: over.unconfirmed ? 'disabled' : 'active',
    main_image: over.image === false ? null : ({ thumb_filename: MEMBERS_MARK.thumb } as User['profile']['main_image']),
  },
});

/** Exactly one match, or the build fails (the app's markup changed under the template). */
function once(html: string, find: string | RegExp, what: string): RegExpExecArray {
  const re = typeof find === 'string' ? new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : new RegExp(find.source, 'g');
  const all = [...html.matchAll(re)];
  if (all.length !== 1) throw new Error(`members prerender: ${what} found ${all.length} times`);
  return all[0]!;
}

/** Where two renders differ (one region): [from, to) in `base`, and each variant's text for it. */
function region(base: string, variants: string[]): { from: number; to: number; parts: string[] } {
  let from = Math.min(base.length, ...variants.map((v) => v.length));
  let tail = from;
  for (const v of variants) {
    let p = 0;
    while (p < from && base[p] === v[p]) p++;
    from = p;
  }
  for (const v of variants) {
    let q = 0;
    while (q < tail && base[base.length - 1 - q] === v[v.length - 1 - q]) q++;
    tail = q;
  }
  tail = Math.min(tail, ...variants.map((v) => v.length - from), base.length - from);
  return { from, to: base.length - tail, parts: variants.map((v) => v.slice(from, v.length - tail)) };
}

/**
 * The entry warning's dialog for one site and locale, as the app's portal puts it at the end of body (the Modal renders
 * it in place without a document), wrapped in the element the app removes when its own dialog shows
 * (STATIC_ENTRY_WARNING_ID). Its ids have a prefix of their own: the page's template is another render.
 */
export async function renderEntryWarning(boot: Boot): Promise<string> {
  const t = await createTranslator(boot.settings.locale);
  const { prelude } = await prerender(
    <AppProvider boot={boot} t={t}>
      <EntryWarningDialog onAccept={() => {}} />
    </AppProvider>,
    { identifierPrefix: 'ew-' },
  );
  const html = await new Response(prelude).text();
  if (!html.includes('role="dialog"')) throw new Error('members prerender: the entry warning rendered no dialog');
  // the browser focuses the dialog as it renders the page (HTML autofocus, without a script, and without the forced
  // layout a script's focus() before the first paint costs); the app's dialog takes the focus over (use-focus-trap.ts)
  return `<div id="${STATIC_ENTRY_WARNING_ID}">${html.replace('role="dialog"', 'role="dialog" autofocus=""')}</div>`;
}

/**
 * The welcome bonus banner in each of its texts (bonusText), rendered by `render` for a discount that
 * shows that text; the countdown becomes the worker's marker. The banner's markup must not change
 * with the percentage or the days (markers), so three renders cover every discount.
 */
async function bonusBanners(render: (discount: DiscountCode, what: string) => Promise<string>): Promise<Record<BonusText['text'], string>> {
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const discount = (kind: DiscountCode['kind'], expires: string): DiscountCode => ({
    code: 'TEMPLATE',
    country: null,
    user_id: 1,
    expires,
    value_percentage: 25,
    percentage: 25,
    currency: null,
    minimum_order_value: null,
    status: 'active',
    validity: null,
    expired: false,
    paymentmethods: null,
    kind,
  });
  const out = {} as Record<BonusText['text'], string>;
  for (const [text, d] of [
    ['time_bonus', discount('time_bonus', inHours(3))],
    ['welcome_days', discount('welcome', inHours(5 * 24))],
    ['welcome', discount('welcome', inHours(12))],
  ] as const) {
    if (bonusText(d, Date.now()).text !== text)
      throw new Error(`members prerender: the welcome bonus's ${text} discount shows ${bonusText(d, Date.now()).text}`);
    let html = await render(d, `welcome bonus (${text})`);
    if (text === 'time_bonus')
      html = html.replace(once(html, /(role="timer" aria-label="[^"]*">)\d\d:\d\d:\d\d</, 'the countdown')[0], (m) =>
        m.replace(/\d\d:\d\d:\d\d/, MEMBERS_MARK.bonusClock),
      );
    if (!html.includes(MEMBERS_MARK.bonusPercent) || (text === 'welcome_days') !== html.includes(MEMBERS_MARK.bonusDays))
      throw new Error(`members prerender: the welcome bonus (${text}) has not its markers: ${html}`);
    out[text] = html;
  }
  return out;
}

export async function renderMembersTemplate(boot: Boot): Promise<MembersTemplate> {
  const t0 = await createTranslator(boot.settings.locale);
  await Promise.all([preloadScreen('/members'), loadFooterCatalogue(), loadAccountCatalogue()]);
  const account = (await accountLoaders[boot.settings.locale]!()).default as { account_menu: Record<string, unknown> };
  // the plural texts of the navigation are the worker's to choose (by the member's counts)
  const marked: Record<string, string> = {
    'account_menu.unread': MEMBERS_MARK.unreadText,
    'account_menu.credits_count': MEMBERS_MARK.creditsTitle,
    'account_menu.credits_low': MEMBERS_MARK.creditsLow,
  };
  // the welcome bonus's texts: the member's percentage and days are the worker's to fill
  const bonusParams = { percent: MEMBERS_MARK.bonusPercent, days: MEMBERS_MARK.bonusDays };
  const t: typeof t0 = (key, params) =>
    marked[key] ?? (/^banner\.(time_bonus|welcome|welcome_days)$/.test(key) ? t0(key, { ...params, ...bonusParams }) : t0(key, params));
  // photos under the site's address are the worker's to prefix (cdn_prefix may differ per host)
  const settings = { ...boot.settings, cdn_prefix: '' };
  /** The page, and apart from it what the member layer shows between the header and main (the banners). */
  const renderParts = async (user: User, push: PushState = 'unknown', discount: DiscountCode | null = null) => {
    setUser(user);
    pushStore.set(push);
    queryClient.setQueryData(activeDiscountQueryOptions().queryKey, discount);
    const { prelude } = await prerender(
      <StrictMode>
        <AppProvider boot={{ ...boot, settings, user }} t={t}>
          <StaticRouter location="/members">
            <Root />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      // one piece: React outlines a large boundary (the filters' age lists) into a script-moved segment otherwise
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    let html = await new Response(prelude).text();
    // React's preload of the avatar's image (put first): the member's photo is the worker's, and small
    html = html.replace(/^(<link rel="preload" as="image"[^>]*>)+/, '');
    if (html.includes('<template id="B:')) throw new Error('members prerender: a part of the page suspended (not loaded ahead)');
    // the member banners: the worker's to put in (by the member and the browser's cookies)
    // (inside the member layer's Suspense boundary, `<!--$-->…<!--/$-->`)
    const headerEnd = once(html, '</header>', 'the header').index + '</header>'.length + '<!--$-->'.length;
    const mainAt = once(html, '<main', 'main').index - '<!--/$-->'.length;
    if (html.slice(headerEnd - 8, headerEnd) !== '<!--$-->' || html.slice(mainAt, mainAt + 9) !== '<!--/$-->')
      throw new Error('members prerender: the member layer is not where the banners are looked for');
    const banners = html.slice(headerEnd, mainAt);
    html = html.slice(0, headerEnd) + MEMBERS_MARK.bannersSlot + html.slice(mainAt);
    // the live count's text: empty without unread messages, the worker's marker otherwise
    const status = once(html, /role="status" aria-live="polite">([^<]*)<\/span>/, "the navigation's live status");
    return {
      page:
        html.slice(0, status.index) +
        `role="status" aria-live="polite">${MEMBERS_MARK.status}</span>` +
        html.slice(status.index + status[0].length),
      banners,
    };
  };
  const render = async (user: User) => (await renderParts(user)).page;
  /** One banner alone (the base member shows none), or the build fails. */
  const banner = async (user: User, what: string, push?: PushState, discount?: DiscountCode) => {
    const { banners } = await renderParts(user, push, discount);
    if (!banners.startsWith('<div') || !banners.includes('role="region"'))
      throw new Error(`members prerender: the ${what} banner rendered ${JSON.stringify(banners)}`);
    return banners;
  };
  // a first render loads every lazy part (the member layer, the navigation…): the renders that count then suspend nowhere
  await render(memberUser({})).catch(() => {});
  const { page: base, banners: none } = await renderParts(memberUser({}));
  if (none !== '') throw new Error(`members prerender: the template's member shows a banner: ${none}`);
  const banners = {
    activation: await banner(memberUser({ unconfirmed: true }), 'activation'),
    disabled: await banner(memberUser({ mailOff: true }), 'disabled notifications'),
    photo: await banner(memberUser({ image: false }), 'photo'),
    push: await banner(memberUser({}), 'push', 'capable'),
    bonus: await bonusBanners((discount, what) => banner(memberUser({}), what, 'unknown', discount)),
  };
  const unread = region(base, [await render(memberUser({ unread: 3 }))]);
  // one at a time: the session is the app's one store (setUser)
  const creditVariants: string[] = [];
  for (const credits of [50, 7, 0]) creditVariants.push(await render(memberUser({ paid: true, credits })));
  const credits = region(base, creditVariants);
  const avatar = region(base, [await render(memberUser({ image: false }))]);
  setUser(null);
  pushStore.set('unknown');
  queryClient.removeQueries({ queryKey: activeDiscountQueryOptions().queryKey });
  const slots = [
    { ...unread, marker: MEMBERS_MARK.unreadSlot },
    { ...credits, marker: MEMBERS_MARK.creditsSlot },
    { ...avatar, marker: MEMBERS_MARK.avatarSlot },
  ].sort((a, b) => b.from - a.from);
  slots.forEach((s, i) => {
    if (i > 0 && s.to > slots[i - 1]!.from)
      throw new Error(
        `members prerender: the navigation's parts overlap: ${JSON.stringify(slots.map((x) => [x.marker, x.from, x.to, x.parts]))}`,
      );
  });
  let page = base;
  for (const s of slots) page = page.slice(0, s.from) + s.marker + page.slice(s.to);
  // the filters' gender and country: the member's, marked by the worker
  page = page.replace(/<select [^>]*name="(gender|country)"[^>]*>[\s\S]*?<\/select>/g, (select) => select.replaceAll(' selected=""', ''));
  const badge = (part: string, n: number, marker: string) => part.replace(once(part, `>${n}<`, `the badge ${n}`)[0], `>${marker}<`);
  const plural = (v: unknown) => (typeof v === 'string' ? { other: v } : (v as Record<string, string>));
  return {
    page,
    unread: badge(unread.parts[0]!, 3, MEMBERS_MARK.unreadBadge),
    credits: {
      premium: base.slice(credits.from, credits.to),
      plain: credits.parts[0]!,
      low: badge(credits.parts[1]!, 7, MEMBERS_MARK.credits),
      empty: badge(credits.parts[2]!, 0, MEMBERS_MARK.credits),
    },
    banners,
    avatar: {
      image: base.slice(avatar.from, avatar.to),
      initial: avatar.parts[0]!.replace(
        once(avatar.parts[0]!, 'data-initial="@"', 'the initial')[0],
        `data-initial="${MEMBERS_MARK.initial}"`,
      ),
    },
    texts: {
      unread: plural(account.account_menu['unread']),
      creditsCount: plural(account.account_menu['credits_count']),
      creditsLow: plural(account.account_menu['credits_low']),
      creditsEmpty: String(account.account_menu['credits_empty']),
    },
    warning: await renderEntryWarning(boot),
    badgeAt: CREDITS_BADGE_AT,
    badgeCap: BADGE_CAP,
  };
}
