import type { StepInput } from '../../../../worker/contracts/account';
import { useApiForm } from '../../../components/ui/form';
import { refresh } from '../../../lib/session';
import { setUser } from '../../../lib/user';
import { saveStep } from '../api/save-step';

/** Saves a wizard step; the answer's user moves the wizard on. Out of order: resync with the server. */
export function useStepSave() {
  const form = useApiForm();
  const save = (input: StepInput) =>
    form.submit(
      async () => {
        const res = await saveStep(input);
        if (!res.ok && res.error === 'step_invalid') await refresh();
        return res;
      },
      (data) => setUser(data.user),
    );
  return { ...form, save };
}
