import { useState, type FormEvent } from 'react';
import type { User } from '../../../worker/contracts/account';
import { ABOUT_ME_MAX, MAX_INTERESTS, sexualitiesFor } from '../../../worker/contracts/profiles.values';
import type { ChoiceField, Gender, ProfileInput, Sexuality } from '../../../worker/contracts/profiles';
import { BirthDateField, dateParts } from '../../components/ui/birth-date-field';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert, Notice, RadioGroup, SelectField, TextAreaField, localFailure, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { LocationFields } from '../../components/ui/location-fields';
import { useSettings } from '../../lib/boot';
import { ageOn, isoDate } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import type { Issue } from '../../lib/request';
import { setUser } from '../../lib/user';
import { saveProfile } from './api/save-profile';
import { choiceOptions, fieldLabel } from './fields';
import { InterestChips } from './interest-chips';
import * as s from './profiles.css';

const LOOKS = [
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'relationship_status',
  'signup_reason',
] as const satisfies readonly ChoiceField[];
const FIELDS = ['gender', 'sexuality', 'date_of_birth', 'country', 'region', 'city', 'interests', ...LOOKS, 'about_me'];
type Choices = Record<(typeof LOOKS)[number] | 'sexuality', string>;

function initial(p: User['profile'], country: string, served: string[]) {
  const choices = Object.fromEntries(['sexuality', ...LOOKS].map((k) => [k, p[k as keyof Choices] ?? ''])) as Choices;
  // an orientation that does not fit the gender (set before the rule) shows as not set
  if (choices.sexuality && !sexualitiesFor(p.gender as Gender).includes(choices.sexuality as Sexuality)) choices.sexuality = '';
  return {
    gender: p.gender as Gender,
    birth: dateParts(p.date_of_birth),
    // a country this site does not serve cannot be chosen here: start from the visitor's one
    place:
      p.country && served.includes(p.country)
        ? { country: p.country, region: p.region ?? '', city: p.city ?? '' }
        : { country, region: '', city: p.city ?? '' },
    choices,
    interests: p.interests ?? [],
    about: p.about_me ?? '',
  };
}

/** Issues on list items ("interests.3") belong to their field. */
const byField = (issues: Issue[]) => issues.map((i) => ({ ...i, path: i.path.split('.')[0]! }));

/** Every field of the own profile (worker/contracts/profiles.ts, ProfileInput), saved at once with PUT /api/profile.php. */
export function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const { min_age, geoip_selected_country, countries } = useSettings();
  const form = useApiForm();
  const [v, setV] = useState(() =>
    initial(
      user.profile,
      geoip_selected_country,
      countries.map((c) => c.code),
    ),
  );
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof typeof v>(key: K, value: (typeof v)[K]) => {
    setSaved(false);
    setV((old) => ({ ...old, [key]: value }));
  };

  function check(birth: string | null): Issue[] {
    const issues: Issue[] = [];
    if (!birth) issues.push({ path: 'date_of_birth', message: t('errors.invalid_birthdate') });
    else if (ageOn(birth) < min_age) issues.push({ path: 'date_of_birth', message: t('errors.too_young', { min_age }) });
    if (!v.place.region) issues.push({ path: 'region', message: t('form.required') });
    if (v.interests.length > MAX_INTERESTS)
      issues.push({ path: 'interests', message: t('my_profile.too_many_interests', { max: MAX_INTERESTS }) });
    return issues;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const birth = isoDate(v.birth.day, v.birth.month, v.birth.year);
    const issues = check(birth);
    if (issues.length) return form.setFailure(localFailure(issues));
    const nullable = Object.fromEntries(Object.entries(v.choices).map(([k, value]) => [k, value || null]));
    const input: ProfileInput = {
      gender: v.gender,
      date_of_birth: birth!,
      country: v.place.country,
      region: v.place.region,
      city: v.place.city.trim() || null,
      interests: v.interests,
      about_me: v.about.trim() || null,
      ...nullable,
    };
    void form.submit(
      async () => {
        const res = await saveProfile(input);
        return res.ok ? res : { ...res, issues: byField(res.issues) };
      },
      (data) => {
        setUser(data.user);
        setSaved(true);
      },
    );
  }

  // the orientations of the chosen gender only; a gender change clears one that no longer fits
  const fits = (field: keyof Choices, value: string) => field !== 'sexuality' || sexualitiesFor(v.gender).includes(value as Sexuality);
  const chooseGender = (gender: Gender) => {
    setSaved(false);
    setV((old) => ({
      ...old,
      gender,
      choices: sexualitiesFor(gender).includes(old.choices.sexuality as Sexuality) ? old.choices : { ...old.choices, sexuality: '' },
    }));
  };
  const choice = (field: keyof Choices) => (
    <SelectField
      key={field}
      label={fieldLabel(t, field)}
      name={field}
      value={v.choices[field]}
      onChange={(e) => set('choices', { ...v.choices, [field]: e.target.value })}
      error={form.fieldError(field)}
    >
      <option value="">{t('profile_fields.not_set')}</option>
      {choiceOptions(t, field)
        .filter((o) => fits(field, o.value))
        .map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
    </SelectField>
  );

  return (
    <section className={s.card} aria-labelledby="profile-details">
      <h2 id="profile-details" className={s.heading}>
        {t('my_profile.details_title')}
      </h2>
      <p className={s.text}>{t('my_profile.details_intro')}</p>
      <form className={`${f.form} ${s.formTop}`} onSubmit={onSubmit} noValidate>
        <FormAlert failure={form.failure} fields={FIELDS} />
        <h3 className={s.subheading}>{t('my_profile.basics')}</h3>
        <RadioGroup
          label={fieldLabel(t, 'gender')}
          name="gender"
          value={v.gender}
          options={choiceOptions(t, 'gender')}
          onChange={chooseGender}
          error={form.fieldError('gender')}
        />
        {choice('sexuality')}
        <BirthDateField value={v.birth} onChange={(birth) => set('birth', birth)} error={form.fieldError('date_of_birth')} />
        <h3 className={s.subheading}>{t('my_profile.location')}</h3>
        <LocationFields value={v.place} onChange={(place) => set('place', place)} fieldError={form.fieldError} />
        <h3 className={s.subheading}>{t('my_profile.looks')}</h3>
        <div className={s.pairs}>{LOOKS.map(choice)}</div>
        <InterestChips value={v.interests} onChange={(interests) => set('interests', interests)} error={form.fieldError('interests')} />
        <TextAreaField
          label={fieldLabel(t, 'about_me')}
          name="about_me"
          maxLength={ABOUT_ME_MAX}
          rows={6}
          placeholder={t('my_profile.about_placeholder')}
          value={v.about}
          onChange={(e) => set('about', e.target.value)}
          hint={t('my_profile.about_count', { count: v.about.length, max: ABOUT_ME_MAX })}
          error={form.fieldError('about_me')}
        />
        {saved && <Notice>{t('my_profile.saved')}</Notice>}
        <div className={f.actions}>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? t('form.saving') : t('my_profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
