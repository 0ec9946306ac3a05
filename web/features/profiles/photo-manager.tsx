import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useSettings } from '../../lib/boot';
import { button, disabledState, quiet } from '../../components/ui/button.css';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { PHOTO_TYPES, chooseMainPhoto, deletePhoto, loadPhotos, uploadPhoto, type OwnPhoto, type PhotosAnswer } from '../../lib/calls/photos';
import { useT } from '../../lib/i18n';
import type { ApiResult } from '../../lib/request';
import { setUser } from '../../lib/user';
import * as p from './photo-manager.css';
import * as s from './profiles.css';

/** The member's own photos: upload (up to the limit), choose the main one, delete; pending ones are marked. */
export function PhotoManager() {
  const t = useT();
  const { cdn_prefix } = useSettings();
  const form = useApiForm();
  const [list, setList] = useState<{ photos: OwnPhoto[]; limit: number } | null>(null);
  const [deleting, setDeleting] = useState<OwnPhoto | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const apply = (data: PhotosAnswer) => {
    setList({ photos: data.photos, limit: data.limit });
    setUser(data.user);
  };
  const run = (call: () => Promise<ApiResult<PhotosAnswer>>) => form.submit(call, apply);

  useEffect(() => {
    void run(loadPhotos);
  }, []); // once, on opening the screen

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    await run(() => uploadPhoto(file));
    setUploading(false);
  }

  async function confirmDelete() {
    const photo = deleting!;
    await run(() => deletePhoto(photo.id));
    setDeleting(null);
  }

  const full = list !== null && list.photos.length >= list.limit;
  return (
    <section className={s.card} aria-labelledby="profile-photos" aria-busy={list === null}>
      <div className={p.head}>
        <div>
          <h2 id="profile-photos" className={s.heading}>{t('photos.title')}</h2>
          <p className={s.text}>{t('photos.intro')}</p>
        </div>
        {list && <p className={p.count}>{t('photos.count', { count: list.photos.length, limit: list.limit })}</p>}
      </div>
      <FormAlert failure={form.failure} />
      {list === null && !form.failure && <p role="status" className={f.small}>{t('photos.loading')}</p>}
      {list && list.photos.length === 0 && <p className={f.small}>{t('photos.empty')}</p>}
      {list && list.photos.length > 0 && (
        <ul className={p.grid}>
          {list.photos.map((photo, i) => (
            <li key={photo.id} className={p.item}>
              <div className={p.frame}>
                <img className={p.image} src={`${cdn_prefix}${photo.match}`} alt={t('photos.alt', { number: i + 1 })} loading="lazy" />
                <div className={p.badges}>
                  {photo.main && <span className={s.badge}>{t('photos.main')}</span>}
                  {photo.status === 'pending' && <span className={s.warningBadge}>{t('photos.pending')}</span>}
                </div>
              </div>
              <div className={p.actions}>
                {!photo.main && (
                  <button type="button" className={`${button.outline} ${p.small} ${disabledState}`} disabled={form.busy} onClick={() => void run(() => chooseMainPhoto(photo.id))}>
                    {t('photos.make_main')}
                  </button>
                )}
                <button type="button" className={`${quiet} ${p.small}`} disabled={form.busy} onClick={() => setDeleting(photo)}>
                  {t('photos.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list && (
        <div className={p.upload}>
          <input ref={input} type="file" accept={PHOTO_TYPES} className={p.fileInput} onChange={(e) => void onFile(e)} disabled={full || form.busy} tabIndex={-1} aria-hidden="true" />
          <button type="button" className={`${button.primary} ${disabledState}`} disabled={full || form.busy} aria-busy={uploading} onClick={() => input.current?.click()} aria-describedby="photo-upload-note">
            {uploading ? t('photos.uploading') : t('photos.add')}
          </button>
          <p id="photo-upload-note" className={f.hint}>{full ? t('errors.photo_limit', { limit: list.limit }) : t('photos.formats')}</p>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('photos.delete_title')}
          text={t('photos.delete_text')}
          confirm={t('photos.delete_confirm')}
          cancel={t('photos.cancel')}
          busy={form.busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
