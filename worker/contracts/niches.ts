/**
 * Who a site's members look for, shared by the worker (swipe game, automatic likes) and the web
 * (the first search). Plain code without zod: the web imports its values.
 */
import type { Gender, Sexuality } from './profiles';

/** Niches whose members are men (6 older men, 7 gay): their sites show men, whoever looks. */
export const MEN_NICHES: readonly number[] = [6, 7];

/**
 * Whom a member looks for by default: men on a men's niche; elsewhere by the member's sexuality
 * where given (bi: anyone, null; gay or lesbian: the same gender; hetero: the other), else the
 * other gender. A visitor: men on a men's niche, women elsewhere.
 */
export function wantedGender(niche: number, profile: { gender: Gender; sexuality: Sexuality | null } | null): Gender | null {
  if (MEN_NICHES.includes(niche)) return 'male';
  if (!profile) return 'female';
  if (profile.sexuality === 'bi') return null;
  if (profile.sexuality === 'gay' || profile.sexuality === 'lesbian') return profile.gender;
  return profile.gender === 'male' ? 'female' : 'male';
}
