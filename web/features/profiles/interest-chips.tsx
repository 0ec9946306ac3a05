import { useId } from 'react';
import { MAX_INTERESTS } from '../../../worker/contracts/profiles.values';
import * as f from '../../components/ui/form.css';
import { useT } from '../../lib/i18n';
import { useInterests } from './api/get-interests';
import * as s from './profiles.css';
import type { InterestTag } from '../../../worker/contracts/profiles.values';

/** Interests as toggle chips (GET /api/interests.php), at most 20; the rest is disabled at the limit. */
export function InterestChips({
  value,
  onChange,
  error,
}: {
  value: InterestTag[];
  onChange: (next: InterestTag[]) => void;
  error?: string;
}) {
  const t = useT();
  const interests = useInterests();
  const hintId = useId();
  const errorId = useId();
  const full = value.length >= MAX_INTERESTS;
  const toggle = (id: InterestTag) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className={f.field} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className={f.label}>{t('profile_fields.interests.label')}</legend>
      <p id={hintId} className={f.hint} aria-live="polite">
        {t('my_profile.interests_hint', { max: MAX_INTERESTS, count: value.length })}
      </p>
      {interests === null ? (
        <p role="status" className={f.small}>
          {t('my_profile.interests_loading')}
        </p>
      ) : (
        <ul className={s.chips}>
          {interests.map((i) => {
            const on = value.includes(i.id);
            return (
              <li key={i.id}>
                <button type="button" className={s.toggle} aria-pressed={on} disabled={!on && full} onClick={() => toggle(i.id)}>
                  {i.label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} className={f.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
