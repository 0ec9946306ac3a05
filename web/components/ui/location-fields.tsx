import { useEffect, useMemo, useState } from 'react';
import { useSettings } from '../../lib/boot';
import { useRegions } from '../../lib/calls/get-regions';
import { geoPermission, locate } from '../../lib/geolocation';
import { useLocale, useT } from '../../lib/i18n';
import { collator, regionName } from '../../lib/intl';
import { button, disabledState } from './button.css';
import { Field, SelectField } from './form';
import * as f from './form.css';
import * as s from './location-fields.css';

export type Location = { country: string; region: string; city: string };

/**
 * Country names in the UI language, sorted by them. The settings name and order them in the page's language (the
 * worker's Intl, worker/lib/site-settings.ts): the members page's take-over then loads no Intl or Unicode data of the
 * phone's (its first `Intl.DisplayNames` and `Intl.Collator` were ~45 ms of one task at a phone's CPU, a first
 * `normalize` ~14 ms at this machine's full speed). In another language than the settings' (none today), the browser
 * names and sorts them.
 */
export function useCountries() {
  const locale = useLocale();
  const { countries, locale: named } = useSettings();
  return useMemo(() => {
    if (named === locale) return countries.map(({ code, name }) => ({ code, name }));
    // one collator for the sort: `localeCompare(b, locale)` builds one per comparison (over half a second of a slow phone's members page)
    const compare = collator(locale).compare;
    return countries.map(({ code }) => ({ code, name: regionName(locale, code) })).sort((a, b) => compare(a.name, b.name));
  }, [countries, locale, named]);
}

/**
 * Country, region and city, with "Gebruik mijn locatie": the browser's position, reverse geocoded
 * by the server, fills all three (signup location step and /profile).
 */
export function LocationFields({
  value,
  onChange,
  fieldError,
  cityOptional = true,
}: {
  value: Location;
  onChange: (next: Location) => void;
  fieldError: (path: string) => string | undefined;
  cityOptional?: boolean;
}) {
  const t = useT();
  const settings = useSettings();
  const countries = useCountries();
  const regions = useRegions(value.country);
  const [geo, setGeo] = useState<'hidden' | 'idle' | 'busy' | 'failed'>('hidden');

  useEffect(() => {
    let live = true;
    void geoPermission().then((state) => live && setGeo(state === 'unsupported' ? 'hidden' : 'idle'));
    return () => void (live = false);
  }, []);

  async function useMine() {
    setGeo('busy');
    const found = await locate();
    if (!found || !settings.countries.some((c) => c.code === found.country)) return setGeo('failed');
    onChange({ country: found.country, region: found.region ?? '', city: found.city ?? value.city });
    setGeo('idle');
  }

  return (
    <>
      {geo !== 'hidden' && (
        <div className={s.geo}>
          <button
            type="button"
            className={`${button.outline} ${disabledState} ${s.geoButton}`}
            onClick={() => void useMine()}
            disabled={geo === 'busy'}
            aria-busy={geo === 'busy'}
          >
            <svg className={s.pin} viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
                fill="currentColor"
              />
            </svg>
            {geo === 'busy' ? t('location.locating') : t('location.use_mine')}
          </button>
          {geo === 'failed' && (
            <p role="status" className={f.small}>
              {t('location.failed')}
            </p>
          )}
        </div>
      )}
      <SelectField
        label={t('location.country')}
        name="country"
        autoComplete="country"
        value={value.country}
        onChange={(e) => onChange({ ...value, country: e.target.value, region: '' })}
        error={fieldError('country')}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('location.region')}
        name="region"
        value={value.region}
        onChange={(e) => onChange({ ...value, region: e.target.value })}
        disabled={regions === null}
        aria-busy={regions === null}
        error={fieldError('region')}
        required
      >
        <option value="">{t('location.choose_region')}</option>
        {regions?.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <Field
        label={cityOptional ? `${t('location.city')} ${t('form.optional')}` : t('location.city')}
        name="city"
        autoComplete="address-level2"
        maxLength={100}
        value={value.city}
        onChange={(e) => onChange({ ...value, city: e.target.value })}
        error={fieldError('city')}
      />
    </>
  );
}
