import { useState, type FormEvent } from 'react';
import type { User } from '../../../../worker/contracts/account';
import { FormAlert, localFailure } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { LocationFields } from '../../../components/ui/location-fields';
import { useSettings } from '../../../lib/boot';
import { useT } from '../../../lib/i18n';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/** Step 3: country (names in the UI language), region from /api/regions.php, optional city, or "use my location". */
export function LocationStep({ user }: { user: User }) {
  const t = useT();
  const settings = useSettings();
  const step = useStepSave();
  const [place, setPlace] = useState({
    country: user.profile.country ?? settings.geoip_selected_country,
    region: user.profile.region ?? '',
    city: user.profile.city ?? '',
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!place.region) return step.setFailure(localFailure([{ path: 'region', message: t('form.required') }]));
    void step.save({ step: 'location', country: place.country, region: place.region, city: place.city.trim() || undefined });
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate>
      <FormAlert failure={step.failure} fields={['country', 'region', 'city']} />
      <LocationFields
        value={place}
        onChange={(next) => {
          setPlace(next);
          // a chosen region ends its "required"
          step.settle(['region'], next.region ? [] : [{ path: 'region', message: t('form.required') }]);
        }}
        fieldError={step.fieldError}
      />
      <StepActions busy={step.busy} />
    </form>
  );
}
