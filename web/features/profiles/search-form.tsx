import { useDeferredValue, useState, type FormEvent } from 'react';
import { button, disabledState } from '../../components/ui/button.css';
import { SelectField } from '../../components/ui/form';
import { useCountries } from '../../components/ui/location-fields';
import { useSettings } from '../../lib/boot';
import { useRegions } from '../../lib/calls/get-regions';
import { useT } from '../../lib/i18n';
import type { SearchFilters } from './api/search-members';
import { choiceOptions, fieldLabel } from './fields';
import * as m from './members-page.css';

/** Gender, country, region, age range and the site's search_fields; '' is "any". */
export function SearchForm({
  filters,
  busy,
  onSearch,
  defaults,
  hydrating = false,
}: {
  filters: SearchFilters;
  busy: boolean;
  onSearch: (next: SearchFilters) => void;
  /** The member's first search: with it, a reset button puts the form back to it (the phone's filter sheet). */
  defaults?: SearchFilters;
  /**
   * Hydrating the page the worker rendered (members-page.tsx): the regions as the page shows them (none yet) and those
   * asked before the hydration (startFirstSearch) in the render after.
   */
  hydrating?: boolean;
}) {
  const t = useT();
  const { min_age, search_fields } = useSettings();
  const countries = useCountries();
  const [v, setV] = useState(filters);
  const asked = useRegions(v.country ?? '');
  // an initial value only when hydrating: another form's first render takes the regions at once
  const later = useDeferredValue(asked, hydrating ? null : undefined);
  const regions = hydrating ? later : asked;
  const set = (key: string) => (e: { target: { value: string } }) =>
    setV((old) => ({ ...old, [key]: e.target.value, ...(key === 'country' ? { region: '' } : {}) }));
  const ages = Array.from({ length: 99 - min_age + 1 }, (_, i) => String(min_age + i));
  const any = <option value="">{t('search.any')}</option>;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // a reversed range is read the way it was meant
    const [lo, hi] = [Number(v.min_age), Number(v.max_age)].sort((a, b) => a - b);
    onSearch({ ...v, min_age: String(lo), max_age: String(hi) });
  }

  return (
    <form className={m.filters} onSubmit={onSubmit} aria-label={t('search.filters')}>
      <SelectField label={fieldLabel(t, 'gender')} name="gender" value={v.gender} onChange={set('gender')}>
        {any}
        {choiceOptions(t, 'gender').map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('search.country')} name="country" value={v.country} onChange={set('country')}>
        {any}
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('search.region')}
        name="region"
        value={v.region}
        onChange={set('region')}
        disabled={!v.country || regions === null}
      >
        <option value="">{t('search.all_regions')}</option>
        {regions?.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <div className={m.ages}>
        <SelectField label={t('search.min_age')} name="min_age" value={v.min_age} onChange={set('min_age')}>
          {ages.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('search.max_age')} name="max_age" value={v.max_age} onChange={set('max_age')}>
          {ages.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
      </div>
      {search_fields.map((field) => (
        <SelectField key={field} label={fieldLabel(t, field)} name={field} value={v[field] ?? ''} onChange={set(field)}>
          {any}
          {choiceOptions(t, field).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      ))}
      {defaults ? (
        <div className={m.sheetActions}>
          <button type="button" className={button.outline} onClick={() => setV(defaults)}>
            {t('search.reset')}
          </button>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={busy}>
            {t('search.apply')}
          </button>
        </div>
      ) : (
        <button type="submit" className={`${button.primary} ${disabledState} ${m.submit}`} disabled={busy}>
          {t('search.submit')}
        </button>
      )}
    </form>
  );
}
