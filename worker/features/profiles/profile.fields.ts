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

export type ChoiceField = keyof typeof PROFILE_CHOICES;
export const MAX_INTERESTS = 20;
export const ABOUT_ME_MAX = 2000;
export const PAGE_SIZE = 20;
