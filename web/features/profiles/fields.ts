import { PROFILE_CHOICES } from '../../../worker/contracts/constants';
import type { ChoiceField } from '../../../worker/contracts/profiles';
import type { T } from '../../lib/i18n';

/** The choice fields a profile shows in its details list, in this order. */
export const DETAIL_FIELDS = ['gender', 'sexuality', 'hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'signup_reason'] as const satisfies readonly ChoiceField[];

export const fieldLabel = (t: T, field: string) => t(`profile_fields.${field}.label`);
export const valueLabel = (t: T, field: string, value: string) => t(`profile_fields.${field}.${value}`);

/** Options for a select or radio group of one choice field (the contract's values; the labels are in locales/members). */
export const choiceOptions = <F extends ChoiceField>(t: T, field: F) =>
  PROFILE_CHOICES[field].map((value) => ({ value: value as (typeof PROFILE_CHOICES)[F][number], label: valueLabel(t, field, value) }));
