import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSettings } from '../../../app/provider';
import { Field, FormAlert, SelectField, localFailure } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { useLocale, useT } from '../../../lib/i18n';
import type { User } from '../../../lib/user';
import { loadRegions, type Region } from '../api/regions';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/** Step 3: country (names in the UI language), region from /api/regions.php, optional city. */
export function LocationStep({ user }: { user: User }) {
  const t = useT();
  const locale = useLocale();
  const settings = useSettings();
  const step = useStepSave();
  const [country, setCountry] = useState(user.profile.country ?? settings.geoip_selected_country);
  const [region, setRegion] = useState(user.profile.region ?? '');
  const [city, setCity] = useState(user.profile.city ?? '');
  const [regions, setRegions] = useState<Region[] | null>(null);

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return settings.countries
      .map(({ code }) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [settings.countries, locale]);

  useEffect(() => {
    let live = true;
    setRegions(null);
    void loadRegions(country).then((list) => live && setRegions(list));
    return () => void (live = false);
  }, [country]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!region) return step.setFailure(localFailure([{ path: 'region', message: t('form.required') }]));
    void step.save({ step: 'location', country, region, city: city.trim() || undefined });
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate>
      <FormAlert failure={step.failure} fields={['country', 'region', 'city']} />
      <SelectField
        label={t('signup.location.country')}
        name="country"
        autoComplete="country"
        value={country}
        onChange={(e) => {
          setCountry(e.target.value);
          setRegion('');
        }}
        error={step.fieldError('country')}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>{c.name}</option>
        ))}
      </SelectField>
      <SelectField
        label={t('signup.location.region')}
        name="region"
        value={region}
        onChange={(e) => setRegion(e.target.value)}
        disabled={regions === null}
        aria-busy={regions === null}
        error={step.fieldError('region')}
        required
      >
        <option value="">{t('signup.location.choose_region')}</option>
        {regions?.map((r) => (
          <option key={r.code} value={r.code}>{r.name}</option>
        ))}
      </SelectField>
      <Field
        label={`${t('signup.location.city')} ${t('form.optional')}`}
        name="city"
        autoComplete="address-level2"
        maxLength={100}
        value={city}
        onChange={(e) => setCity(e.target.value)}
        error={step.fieldError('city')}
      />
      <StepActions busy={step.busy} />
    </form>
  );
}
