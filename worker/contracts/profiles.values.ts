/**
 * The profile's and the search's plain values (spec section 3: choice fields, interest tags,
 * limits; search pages; online): zod-free, so the web imports them; contracts/profiles.ts
 * re-exports them.
 */

/** The values of the profile's choice fields (spec section 3); labels live in locales/. */
export const PROFILE_CHOICES = {
  gender: ['male', 'female'],
  sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
  hair_colour: ['blond', 'brown', 'black', 'red', 'grey', 'other'],
  eye_colour: ['blue', 'green', 'brown', 'grey', 'hazel'],
  body_type: ['slim', 'average', 'athletic', 'curvy', 'plus'],
  relationship_status: ['single', 'relationship', 'married', 'divorced', 'widowed', 'open'],
  tattoos: ['none', 'some', 'many'],
  signup_reason: ['casual', 'relationship', 'friendship', 'chat', 'adventure'],
} as const;

/**
 * The orientations a member of `gender` chooses from: "Homo" is a man's, "Lesbisch" a woman's
 * (spec section 3's four values). The signup's step 4 and the profile offer these; the worker
 * refuses another (errors.validation.invalid_option on `sexuality`).
 */
export const sexualitiesFor = (gender: (typeof PROFILE_CHOICES.gender)[number]): readonly (typeof PROFILE_CHOICES.sexuality)[number][] =>
  gender === 'male' ? ['hetero', 'gay', 'bi'] : ['hetero', 'lesbian', 'bi'];

/** The fixed tag set of spec section 3; the id is the tag as the spec names it. */
export const INTEREST_TAGS = [
  'adventure',
  'analsex',
  'animals',
  'art',
  'astrology',
  'bbq',
  'beach',
  'beer',
  'biking',
  'bondage',
  'coffee',
  'cooking',
  'dancing',
  'exchanging pictures',
  'fashion',
  'foodie',
  'gardening',
  'gym',
  'hiking',
  'hugging',
  'kissing',
  'lingerie',
  'massages',
  'masturbating',
  'movies',
  'music',
  'one night stand',
  'oral sex',
  'outdoors',
  'party',
  'photography',
  'politics',
  'public sex',
  'reading',
  'relationship',
  'sadomasochism',
  'safe sex',
  'sex',
  'sex toys',
  'shopping',
  'sports',
  'sushi',
  'tattoos',
  'tea',
  'theater',
  'threesome',
  'travelling',
  'vegetarian',
  'video games',
  'wine',
] as const;
export type InterestTag = (typeof INTEREST_TAGS)[number];
export const MAX_INTERESTS = 20;
export const ABOUT_ME_MAX = 2000;

/** Search results per page. */
export const PAGE_SIZE = 20;

/** A member counts as online this long after their last activity (README, "Activity and online"). */
export const ONLINE_MINUTES = 5;
/** A member not online counts as recently active this long after their last activity: a lighter dot on tiles and the profile. */
export const RECENT_HOURS = 24;
