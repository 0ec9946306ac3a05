import { useEffect, useState, type ChangeEvent } from 'react';
import type { User } from '../../../../worker/contracts/account';
import { PHOTO_TYPES } from '../../../../worker/contracts/photos.values';
import { FormAlert } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { usePhotoUrls } from '../../../lib/photos';
import { useUploadPhoto } from '../../../lib/calls/upload-photo';
import { useT } from '../../../lib/i18n';
import * as s from '../signup.css';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/** Step 2: upload a profile photo (checked by staff before others see it), or skip. */
export function PhotoStep({ user }: { user: User }) {
  const t = useT();
  const urls = usePhotoUrls();
  // the answer's user (with its main image) goes to the session store
  const upload = useUploadPhoto();
  const step = useStepSave();
  const [preview, setPreview] = useState<string | null>(null);
  const uploaded = user.profile.main_image;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    upload.mutate(file);
  }
  // A failed upload drops the local preview; the last photo the server has stays.
  const saved = uploaded ? urls.thumb(uploaded) : null;
  const shown = upload.error ? saved : (preview ?? saved);

  return (
    <div className={f.form}>
      <FormAlert failure={upload.error ?? step.failure} />
      <label className={s.photoBox}>
        <input type="file" accept={PHOTO_TYPES} className={s.fileInput} onChange={onFile} disabled={upload.isPending} />
        {shown ? (
          <img className={s.preview} src={shown} alt={t('signup.photo.preview')} />
        ) : (
          <span className={s.placeholder} aria-hidden="true">
            +
          </span>
        )}
        <span className={s.chooseText}>{t(shown ? 'signup.photo.change' : 'signup.photo.choose')}</span>
        <span className={f.hint}>{t('signup.photo.formats')}</span>
      </label>
      {upload.isPending && (
        <p role="status" className={f.small}>
          {t('signup.photo.uploading')}
        </p>
      )}
      {!upload.isPending && uploaded && !upload.error && (
        <p role="status" className={f.small}>
          {t('signup.photo.pending')}
        </p>
      )}
      <StepActions
        busy={upload.isPending || step.busy}
        onSkip={uploaded ? undefined : () => void step.save({ step: 'photo', skip: true })}
        onNext={uploaded ? () => void step.save({ step: 'photo' }) : undefined}
      />
    </div>
  );
}
