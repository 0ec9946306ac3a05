import { PROFILE_CHOICES } from '../../../worker/contracts/profiles.values';
import type { ChoiceField } from '../../../worker/contracts/profiles';
import type { Key, KeyCheck, T } from '../../lib/i18n';

/** The choice fields a profile shows in its details list, in this order. */
export const DETAIL_FIELDS = [
  'gender',
  'sexuality',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
] as const satisfies readonly ChoiceField[];

type Labelled<K> = K extends `profile_fields.${infer F}.label` ? F : never;
/** A profile field with a label in the catalogue. */
export type LabelledField = Labelled<Key>;
/** Every choice of every field has its label (fails the typecheck when one is missing). */
type ChoiceKey = KeyCheck<{ [F in ChoiceField]: `profile_fields.${F}.${(typeof PROFILE_CHOICES)[F][number]}` }[ChoiceField]>;

export const fieldLabel = (t: T, field: LabelledField) => t(`profile_fields.${field}.label`);
export const valueLabel = (t: T, field: ChoiceField, value: string) => t(`profile_fields.${field}.${value}` as ChoiceKey);

/** Options for a select or radio group of one choice field (the contract's values; the labels are in locales/members). */
export const choiceOptions = <F extends ChoiceField>(t: T, field: F) =>
  PROFILE_CHOICES[field].map((value) => ({ value: value as (typeof PROFILE_CHOICES)[F][number], label: valueLabel(t, field, value) }));
