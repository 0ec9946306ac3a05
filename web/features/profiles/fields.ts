import { ABOUT_ME_MAX, MAX_INTERESTS, PAGE_SIZE, PROFILE_CHOICES, type ChoiceField } from '../../../worker/features/profiles/profile.fields';
import type { T } from '../../lib/i18n';

/** The worker's value lists (one source of truth); the labels are in locales/members. */
export { ABOUT_ME_MAX, MAX_INTERESTS, PAGE_SIZE, PROFILE_CHOICES, type ChoiceField };
export type Gender = (typeof PROFILE_CHOICES.gender)[number];

/** The choice fields a profile shows in its details list, in this order. */
export const DETAIL_FIELDS = ['gender', 'sexuality', 'hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'signup_reason'] as const satisfies readonly ChoiceField[];

export const fieldLabel = (t: T, field: string) => t(`profile_fields.${field}.label`);
export const valueLabel = (t: T, field: string, value: string) => t(`profile_fields.${field}.${value}`);

/** Options for a select or radio group of one choice field. */
export const choiceOptions = <F extends ChoiceField>(t: T, field: F) =>
  PROFILE_CHOICES[field].map((value) => ({ value: value as (typeof PROFILE_CHOICES)[F][number], label: valueLabel(t, field, value) }));
