import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { PHOTO_TYPES } from '../../../worker/contracts/photos.values';
import type { OwnPhoto } from '../../../worker/contracts/photos';
import { button, disabledState, quiet } from '../../components/ui/button.css';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { usePhotoUrls } from '../../lib/photos';
import { usePhotos } from '../../lib/calls/get-photos';
import { useUploadPhoto } from '../../lib/calls/upload-photo';
import { useLocale, useT } from '../../lib/i18n';
import { useChooseMainPhoto } from './api/choose-main-photo';
import { useDeletePhoto } from './api/delete-photo';
import * as p from './photo-manager.css';
import * as s from './profiles.css';

/** The member's own photos: upload (up to the limit), choose the main one, delete; pending ones are marked. */
export function PhotoManager() {
  const t = useT();
  const locale = useLocale();
  const urls = usePhotoUrls();
  const photos = usePhotos();
  const upload = useUploadPhoto();
  const main = useChooseMainPhoto();
  const remove = useDeletePhoto();
  const [deleting, setDeleting] = useState<OwnPhoto | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = photos.data ?? null;
  const changes = [upload, main, remove];
  const busy = photos.isFetching || changes.some((c) => c.isPending);
  // the last call's failure, as one form shows it
  const failure = changes.find((c) => c.error)?.error ?? photos.error;
  // a new change clears the others' failures
  const only = (current: (typeof changes)[number]) => changes.forEach((c) => c !== current && c.reset());

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    only(upload);
    upload.mutate(file);
  }

  function chooseMain(id: string) {
    only(main);
    main.mutate(id);
  }

  function confirmDelete() {
    only(remove);
    remove.mutate(deleting!.id, { onSettled: () => setDeleting(null) });
  }

  const full = list !== null && list.photos.length >= list.limit;
  return (
    <section className={s.card} aria-labelledby="profile-photos" aria-busy={list === null}>
      <div className={p.head}>
        <div>
          <h2 id="profile-photos" className={s.heading}>
            {t('photos.title')}
          </h2>
          <p className={s.text}>{t('photos.intro')}</p>
        </div>
        {list && <p className={p.count}>{t('photos.count', { count: list.photos.length, limit: list.limit })}</p>}
      </div>
      <FormAlert failure={failure} />
      {list === null && !failure && (
        <p role="status" className={f.small}>
          {t('photos.loading')}
        </p>
      )}
      {list && list.photos.length === 0 && <p className={f.small}>{t('photos.empty')}</p>}
      {list && list.photos.length > 0 && (
        <ul className={p.grid}>
          {list.photos.map((photo, i) => (
            <li key={photo.id} className={p.item}>
              <div className={p.frame}>
                <img className={p.image} src={urls.thumb(photo)} alt={t('photos.alt', { number: i + 1 })} loading="lazy" />
                <div className={p.badges}>
                  {photo.main && <span className={s.badge}>{t('photos.main')}</span>}
                  {photo.status === 'pending' && <span className={s.warningBadge}>{t('photos.pending')}</span>}
                </div>
              </div>
              <div className={p.actions}>
                {!photo.main && (
                  <button
                    type="button"
                    className={`${button.outline} ${p.small} ${disabledState}`}
                    disabled={busy}
                    onClick={() => chooseMain(photo.id)}
                  >
                    {t('photos.make_main')}
                  </button>
                )}
                <button type="button" className={`${quiet} ${p.small}`} disabled={busy} onClick={() => setDeleting(photo)}>
                  {t('photos.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list && list.removed.length > 0 && (
        // the statement of reasons of each removal: when, the ground, the moderator's note, the way to appeal
        <section className={p.removed} aria-labelledby="photos-removed">
          <h3 id="photos-removed" className={p.removedTitle}>
            {t('photos.removed_title')}
          </h3>
          <ul className={p.removedList}>
            {list.removed.map((r) => (
              <li key={r.id}>
                {t('photos.removed_item', {
                  date: new Date(r.removed_at).toLocaleDateString(locale),
                  reason: t(`photos.reasons.${r.reason}`),
                })}
                {r.note && <span className={p.removedNote}> {t('photos.removed_note', { note: r.note })}</span>}
              </li>
            ))}
          </ul>
          <p className={f.small}>
            {t('photos.removed_appeal')} <Link to="/complaints">{t('photos.removed_appeal_link')}</Link>
          </p>
        </section>
      )}
      {list && (
        <div className={p.upload}>
          <input
            ref={input}
            type="file"
            accept={PHOTO_TYPES}
            className={p.fileInput}
            onChange={onFile}
            disabled={full || busy}
            tabIndex={-1}
            aria-hidden="true"
          />
          <button
            type="button"
            className={`${button.primary} ${disabledState}`}
            disabled={full || busy}
            aria-busy={upload.isPending}
            onClick={() => input.current?.click()}
            aria-describedby="photo-upload-note"
          >
            {upload.isPending ? t('photos.uploading') : t('photos.add')}
          </button>
          <p id="photo-upload-note" className={f.hint}>
            {full ? t('errors.photo_limit', { limit: list.limit }) : t('photos.formats')}
          </p>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('photos.delete_title')}
          text={t('photos.delete_text')}
          confirm={t('photos.delete_confirm')}
          cancel={t('photos.cancel')}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
