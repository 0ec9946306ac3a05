import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { button } from '../../components/ui/button.css';
import { SelectField } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useCountries } from '../../components/ui/location-fields';
import { useSettings } from '../../lib/boot';
import { useRegions } from '../../lib/calls/get-regions';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import type { SearchFilters } from './api/search-members';
import { choiceOptions } from './fields';
import * as m from './match-finder.css';
import * as s from './profiles.css';
import { defaultFilters } from './search-filters';
import { startSearch } from './search-store';

const STEPS = ['gender', 'age', 'place'] as const;
/** Age ranges to pick with one tap; the selects below them allow any other. */
const RANGES = [
  [18, 29],
  [30, 44],
  [45, 59],
  [60, 99],
] as const;

/**
 * /match-finder: the search as three questions (whom, which age, where), one at a time, ending
 * in the search results (/members, through the search store, with the same API and rules).
 */
export function MatchFinder() {
  const t = useT();
  const settings = useSettings();
  const { user } = useStore(sessionStore);
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [v, setV] = useState<SearchFilters>(() => defaultFilters(user, settings));
  const set = (change: SearchFilters) => setV((old) => ({ ...old, ...change }));
  const last = step === STEPS.length - 1;
  const next = () => {
    if (!last) return setStep(step + 1);
    const [lo, hi] = [Number(v.min_age), Number(v.max_age)].sort((a, b) => a - b);
    startSearch(user?.id ?? 0, { ...v, min_age: String(lo), max_age: String(hi) });
    void navigate('/members');
  };
  return (
    <div className={`${s.page} ${s.narrow}`}>
      <title>{t('match_finder.title')}</title>
      <h1 className={s.title}>{t('match_finder.title')}</h1>
      <p className={s.text}>{t('match_finder.intro')}</p>
      <section className={s.card} aria-labelledby="finder-question">
        <ol className={m.steps} aria-hidden="true">
          {STEPS.map((name, i) => (
            <li key={name} className={i <= step ? m.dotDone : m.dot} />
          ))}
        </ol>
        <p className={m.step}>{t('match_finder.step', { step: step + 1, total: STEPS.length })}</p>
        <h2 id="finder-question" className={m.question}>
          {t(`match_finder.${STEPS[step]!}_question`)}
        </h2>
        {STEPS[step] === 'gender' && <GenderStep value={v.gender ?? ''} onChange={(gender) => set({ gender })} />}
        {STEPS[step] === 'age' && <AgeStep v={v} onChange={set} />}
        {STEPS[step] === 'place' && <PlaceStep v={v} onChange={set} />}
        <div className={f.actions}>
          {step > 0 && (
            <button type="button" className={button.outline} onClick={() => setStep(step - 1)}>
              {t('match_finder.back')}
            </button>
          )}
          <button type="button" className={button.primary} onClick={next}>
            {last ? t('match_finder.show_results') : t('match_finder.next')}
          </button>
        </div>
      </section>
    </div>
  );
}

function Choice({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" className={m.option} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

function GenderStep({ value, onChange }: { value: string; onChange: (gender: string) => void }) {
  const t = useT();
  return (
    <div className={m.options}>
      {choiceOptions(t, 'gender').map((o) => (
        <Choice key={o.value} pressed={value === o.value} onClick={() => onChange(o.value)}>
          {o.label}
        </Choice>
      ))}
      <Choice pressed={value === ''} onClick={() => onChange('')}>
        {t('search.any')}
      </Choice>
    </div>
  );
}

function AgeStep({ v, onChange }: { v: SearchFilters; onChange: (change: SearchFilters) => void }) {
  const t = useT();
  const { min_age } = useSettings();
  const ages = Array.from({ length: 99 - min_age + 1 }, (_, i) => String(min_age + i));
  return (
    <div className={f.form}>
      <div className={m.options}>
        {RANGES.map(([lo, hi]) => {
          const from = String(Math.max(lo, min_age));
          return (
            <Choice
              key={lo}
              pressed={v.min_age === from && v.max_age === String(hi)}
              onClick={() => onChange({ min_age: from, max_age: String(hi) })}
            >
              {hi === 99 ? t('match_finder.age_from', { age: from }) : t('match_finder.age_range', { from, to: hi })}
            </Choice>
          );
        })}
      </div>
      <div className={m.pair}>
        <SelectField label={t('search.min_age')} name="min_age" value={v.min_age} onChange={(e) => onChange({ min_age: e.target.value })}>
          {ages.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('search.max_age')} name="max_age" value={v.max_age} onChange={(e) => onChange({ max_age: e.target.value })}>
          {ages.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

function PlaceStep({ v, onChange }: { v: SearchFilters; onChange: (change: SearchFilters) => void }) {
  const t = useT();
  const countries = useCountries();
  const regions = useRegions(v.country ?? '');
  return (
    <div className={f.form}>
      <SelectField
        label={t('search.country')}
        name="country"
        value={v.country}
        onChange={(e) => onChange({ country: e.target.value, region: '' })}
      >
        <option value="">{t('search.any')}</option>
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
        onChange={(e) => onChange({ region: e.target.value })}
        disabled={!v.country || regions === null}
      >
        <option value="">{t('search.all_regions')}</option>
        {regions?.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
