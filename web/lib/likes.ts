import type { InfiniteData } from '@tanstack/react-query';
import { BADGE_CAP } from '../../worker/contracts/chat.values';
import type { LikesAnswer } from '../../worker/contracts/likes';
import type { MemberCard } from '../../worker/contracts/profiles';

/** Where the next page of each list starts (null: the first page; a list without a cursor has ended). */
export type LikesPageParam = { liked_by: string | null; liked: string | null } | null;
/** The likes as React Query holds them: the pages of GET /api/likes.php loaded so far. */
export type LikesData = InfiniteData<LikesAnswer, LikesPageParam>;

export type LikesView = {
  /** Who liked me, new likes first (spec section 4 "Likes order"). */
  received: MemberCard[];
  given: MemberCard[];
  /** In both lists: they liked me and I liked them (of the pages loaded). */
  matches: MemberCard[];
  /** Members whose like I have not seen yet. */
  fresh: Set<number>;
  /** The new-likes badge: right from the first page, which starts with up to 100 new likes (99+ from 100; see the contract). */
  newLikes: number;
  /** Whether the server has more of each list. */
  more: { received: boolean; given: boolean };
};

/** Each id once, its first place kept (a like can move between pages while they load: seen meanwhile). */
const once = <T extends { id: number }>(items: T[]) => {
  const seen = new Set<number>();
  return items.filter((i) => !seen.has(i.id) && !!seen.add(i.id));
};

/** The likes page's lists and the badge count, from the pages (a pure function). */
export function deriveLikes(data: LikesData): LikesView {
  const byId = new Map(data.pages.flatMap((p) => p.profiles).map((p) => [p.id, p]));
  const cards = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  // stable: the server's order stays within the new and the seen likes
  const liked_by = once(data.pages.flatMap((p) => p.liked_by)).sort((a, b) => Number(b.like_new) - Number(a.like_new));
  const liked = once(data.pages.flatMap((p) => p.liked));
  const given = new Set(liked.map((l) => l.id));
  const fresh = new Set(liked_by.filter((l) => l.like_new && byId.has(l.id)).map((l) => l.id));
  const last = data.pages.at(-1);
  return {
    received: cards(liked_by.map((l) => l.id)),
    given: cards(liked.map((l) => l.id)),
    matches: cards(liked_by.filter((l) => given.has(l.id)).map((l) => l.id)),
    fresh,
    newLikes: fresh.size,
    more: { received: !!last?.liked_by_next, given: !!last?.liked_next },
  };
}

/** Badge text: the count, 99+ from 100 (spec sections 2 and 9: new likes and unread messages). */
export const badgeText = (n: number) => (n > BADGE_CAP ? `${BADGE_CAP}+` : String(n));

/*
 * Local changes to the likes held, each mirroring what the server just did; the same data comes
 * back unchanged when there is nothing to change.
 */

/** The pages with `edit` applied to each; the same data when no page changed. */
function eachPage(d: LikesData, edit: (p: LikesAnswer) => LikesAnswer): LikesData {
  const pages = d.pages.map(edit);
  return pages.every((p, i) => p === d.pages[i]) ? d : { ...d, pages };
}

/** Opening a profile clears its new-like flag (spec section 4); the server does the same on GET /api/member.php. */
export const likeSeen =
  (id: number) =>
  (d: LikesData): LikesData =>
    eachPage(d, (p) =>
      p.liked_by.some((l) => l.id === id && l.like_new)
        ? { ...p, liked_by: p.liked_by.map((l) => (l.id === id ? { ...l, like_new: false } : l)) }
        : p,
    );

/** After POST or DELETE /api/like.php (or a swipe): the like as the server now has it; a new one is the newest (page 1). */
export const likeChanged =
  (card: MemberCard, liked: boolean) =>
  (d: LikesData): LikesData => {
    const has = d.pages.some((p) => p.liked.some((l) => l.id === card.id));
    if (has === liked || !d.pages.length) return d;
    if (!liked)
      return eachPage(d, (p) => (p.liked.some((l) => l.id === card.id) ? { ...p, liked: p.liked.filter((l) => l.id !== card.id) } : p));
    const [first, ...rest] = d.pages as [LikesAnswer, ...LikesAnswer[]];
    const profiles = first.profiles.some((p) => p.id === card.id) ? first.profiles : [...first.profiles, card];
    return { ...d, pages: [{ ...first, profiles, liked: [{ id: card.id }, ...first.liked] }, ...rest] };
  };

/** A blocked member disappears from likes, matches and overlays (issue 5). */
export const withoutMember =
  (id: number) =>
  (d: LikesData): LikesData =>
    eachPage(d, (p) =>
      p.profiles.some((x) => x.id === id) || p.liked_by.some((l) => l.id === id) || p.liked.some((l) => l.id === id)
        ? {
            ...p,
            profiles: p.profiles.filter((x) => x.id !== id),
            liked_by: p.liked_by.filter((l) => l.id !== id),
            liked: p.liked.filter((l) => l.id !== id),
          }
        : p,
    );
