import * as z from 'zod';
import type { Photo } from './common';
import { ABOUT_ME_MAX, INTEREST_TAGS, MAX_INTERESTS, PROFILE_CHOICES, type InterestTag } from './profiles.values';
import { issue } from './errors';

export { ABOUT_ME_MAX, INTEREST_TAGS, MAX_INTERESTS, PAGE_SIZE, PROFILE_CHOICES, sexualitiesFor } from './profiles.values';

export type ChoiceField = keyof typeof PROFILE_CHOICES;
export type Gender = (typeof PROFILE_CHOICES.gender)[number];
export type Sexuality = (typeof PROFILE_CHOICES.sexuality)[number];
/** A value of one choice field. */
export type Choice<K extends ChoiceField> = (typeof PROFILE_CHOICES)[K][number];
export type { InterestTag } from './profiles.values';

/** A real calendar date written YYYY-MM-DD. */
export const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const choice = <K extends ChoiceField>(k: K) => z.enum(PROFILE_CHOICES[k], { error: issue('invalid_request') });
/** Texts without a message of their own: the error map says what is wrong (not text, too long with the limit). */
const text = (max: number) => z.string().trim().max(max);

/**
 * PUT /api/profile.php: any subset of the editable fields; null clears an optional one. The
 * site decides the rest (its countries, its minimum age, the regions of the country).
 */
export const profileInput = z
  .object({
    gender: choice('gender'),
    sexuality: choice('sexuality').nullable(),
    date_of_birth: z.string({ error: issue('invalid_birthdate') }).refine(isRealDate, issue('invalid_birthdate')),
    country: z.string({ error: issue('invalid_request') }).regex(/^[A-Z]{2}$/, issue('invalid_request')),
    region: z
      .string({ error: issue('invalid_request') })
      .max(20)
      .nullable(),
    city: text(100).nullable(),
    interests: z
      .array(z.enum(INTEREST_TAGS, { error: issue('invalid_request') }))
      .max(MAX_INTERESTS)
      .refine((l) => new Set(l).size === l.length, issue('invalid_request')),
    hair_colour: choice('hair_colour').nullable(),
    eye_colour: choice('eye_colour').nullable(),
    body_type: choice('body_type').nullable(),
    relationship_status: choice('relationship_status').nullable(),
    tattoos: choice('tattoos').nullable(),
    signup_reason: choice('signup_reason').nullable(),
    about_me: text(ABOUT_ME_MAX).nullable(),
  })
  .partial()
  .strict();
export type ProfileInput = z.input<typeof profileInput>;

/** A member card (search, likes, swipe game): age and place only when the site shows them (null otherwise). */
export type MemberCard = {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
  fictional: boolean;
  photo_count: number;
  main_image: Photo | null;
  /** Active in the last ONLINE_MINUTES; never for a member in invisible mode. */
  online: boolean;
  /** Not online but active in the last RECENT_HOURS; never for a member in invisible mode. */
  recently_active: boolean;
};

/** GET /api/members.php: gender, country, region, min_age, max_age, page and the site's search_fields. */
const age = z.coerce
  .number({ error: issue('invalid_request') })
  .int(issue('invalid_request'))
  .min(18, issue('invalid_request'))
  .max(99, issue('invalid_request'));
export const searchQuery = z
  .object({
    gender: choice('gender').optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, issue('invalid_request'))
      .optional(),
    region: z.string().max(20).optional(),
    min_age: age.optional(),
    max_age: age.optional(),
    page: z.coerce
      .number({ error: issue('invalid_request') })
      .int(issue('invalid_request'))
      .min(1, issue('invalid_request'))
      .max(500, issue('invalid_request'))
      .default(1),
    hair_colour: choice('hair_colour').optional(),
    eye_colour: choice('eye_colour').optional(),
    body_type: choice('body_type').optional(),
    relationship_status: choice('relationship_status').optional(),
    tattoos: choice('tattoos').optional(),
    sexuality: choice('sexuality').optional(),
  })
  .strict()
  .refine((q) => !q.min_age || !q.max_age || q.min_age <= q.max_age, { message: issue('invalid_request'), path: ['max_age'] });
export type SearchQuery = z.input<typeof searchQuery>;
export type SearchAnswer = {
  results: MemberCard[];
  numResults: number;
  page: number;
  pages: number;
  /** On page 1 when fewer than a page match: same gender and country. */
  similar: MemberCard[];
  similar_numResults: number;
};

/** GET /api/member.php?id=: another member's profile (or one's own), only the site's visible fields, never a birth date. */
export const memberQuery = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
/**
 * A photo on a profile; a locked one has no paths (its image is not for this viewer), but a `preview`: a
 * `data:` URI of a 16 px picture made by the server (null when there is none yet), shown blurred, and `unlock`,
 * the way to see it: 'premium' for a free member, 'login' for a visitor (null on an open photo).
 */
export type MemberPhoto = {
  id: string;
  match: string | null;
  thumb_filename: string | null;
  locked: boolean;
  main: boolean;
  preview: string | null;
  unlock: PhotoUnlock | null;
};
export type PhotoUnlock = 'premium' | 'login';
export type PublicProfileFields = Partial<{
  gender: Gender;
  sexuality: Sexuality | null;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  interests: InterestTag[];
  hair_colour: Choice<'hair_colour'> | null;
  eye_colour: Choice<'eye_colour'> | null;
  body_type: Choice<'body_type'> | null;
  relationship_status: Choice<'relationship_status'> | null;
  tattoos: Choice<'tattoos'> | null;
  signup_reason: Choice<'signup_reason'> | null;
  about_me: string | null;
}>;
export type MemberProfile = PublicProfileFields & {
  id: number;
  name: string;
  fictional: boolean;
  photo_count: number;
  photos: MemberPhoto[];
  /** I blocked them. */
  blocked: boolean;
  /** I liked them; they liked me. Both: a match. */
  liked: boolean;
  likes_me: boolean;
  /** Active in the last ONLINE_MINUTES; always false for a member in invisible mode. */
  online: boolean;
  /** Not online but active in the last RECENT_HOURS; always false for a member in invisible mode. */
  recently_active: boolean;
};
export type MemberAnswer = { profile: MemberProfile };

/** POST /api/block.php {id} blocks, DELETE unblocks. */
export type BlockAnswer = { blocked: boolean };
