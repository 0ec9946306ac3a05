import { BADGE_CAP } from '../../worker/contracts/constants';
import type { LikesAnswer } from '../../worker/contracts/likes';
import type { MemberCard } from '../../worker/contracts/profiles';

export type LikesView = {
  /** Who liked me, new likes first (spec section 4 "Likes order"). */
  received: MemberCard[];
  given: MemberCard[];
  /** In both lists: they liked me and I liked them. */
  matches: MemberCard[];
  /** Members whose like I have not seen yet. */
  fresh: Set<number>;
  /** The new-likes badge. */
  newLikes: number;
};

/** The likes page's lists and the badge count, from the answer (a pure function). */
export function deriveLikes(data: LikesAnswer): LikesView {
  const byId = new Map(data.profiles.map((p) => [p.id, p]));
  const cards = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  // stable: the server's order stays within the new and the seen likes
  const liked_by = [...data.liked_by].sort((a, b) => Number(b.like_new) - Number(a.like_new));
  const given = new Set(data.liked.map((l) => l.id));
  const fresh = new Set(liked_by.filter((l) => l.like_new && byId.has(l.id)).map((l) => l.id));
  return {
    received: cards(liked_by.map((l) => l.id)),
    given: cards(data.liked.map((l) => l.id)),
    matches: cards(liked_by.filter((l) => given.has(l.id)).map((l) => l.id)),
    fresh,
    newLikes: fresh.size,
  };
}

/** Badge text: the count, 99+ from 100 (spec sections 2 and 9: new likes and unread messages). */
export const badgeText = (n: number) => (n > BADGE_CAP ? `${BADGE_CAP}+` : String(n));

/*
 * Local changes to the likes answer, each mirroring what the server just did; the same answer
 * comes back unchanged when there is nothing to change.
 */

/** Opening a profile clears its new-like flag (spec section 4); the server does the same on GET /api/member.php. */
export const likeSeen = (id: number) => (d: LikesAnswer): LikesAnswer =>
  d.liked_by.some((l) => l.id === id && l.like_new) ? { ...d, liked_by: d.liked_by.map((l) => (l.id === id ? { ...l, like_new: false } : l)) } : d;

/** After POST or DELETE /api/like.php (or a swipe): the like as the server now has it. */
export const likeChanged = (card: MemberCard, liked: boolean) => (d: LikesAnswer): LikesAnswer => {
  const has = d.liked.some((l) => l.id === card.id);
  if (has === liked) return d;
  const profiles = d.profiles.some((p) => p.id === card.id) ? d.profiles : [...d.profiles, card];
  return { ...d, profiles, liked: liked ? [{ id: card.id }, ...d.liked] : d.liked.filter((l) => l.id !== card.id) };
};

/** A blocked member disappears from likes, matches and overlays (issue 5). */
export const withoutMember = (id: number) => (d: LikesAnswer): LikesAnswer =>
  d.profiles.some((p) => p.id === id) || d.liked_by.some((l) => l.id === id) || d.liked.some((l) => l.id === id)
    ? { profiles: d.profiles.filter((p) => p.id !== id), liked_by: d.liked_by.filter((l) => l.id !== id), liked: d.liked.filter((l) => l.id !== id) }
    : d;
