import type { Feature, JobContext } from '../../lib/feature';
import { checkImage } from '../../lib/images';
import {
  fitWithin,
  ImageServiceFailed,
  makePreview,
  makeVersions,
  storeVersions,
  THUMB_SIDE,
  VERSION_TYPE,
  versionKeys,
} from '../../lib/photo-versions';
import { photoById } from '../../domain/photos';
import { exportPhotos } from './photos.export';
import { erasePhotos, photosWithoutPreview, setPreview, setVersions, unversionedPhotos } from './photos.queries';

/** Photos the versions job does per run (each is two transformations and three R2 calls). */
export const VERSIONS_PER_RUN = 20;

/**
 * The one-off job for photos from before the versions: reads the kept original, makes the display
 * version and thumbnail as an upload would, names them on the row and deletes the original.
 * Idempotent: a photo is done once (the row update requires `thumb_key IS NULL`; a second run
 * finds nothing to do). An original that is missing or cannot be decoded keeps being served as it
 * is (`thumb_key` set to '', so the job does not try it again) and is logged; a failing image
 * service ends the run, leaving the rest for the next one. Answers how many photos it did.
 */
export async function versionPhotos({ db, env }: Pick<JobContext, 'db' | 'env'>, limit = VERSIONS_PER_RUN) {
  let done = 0;
  for (const photo of await unversionedPhotos(db, limit)) {
    const object = await env.PHOTOS.get(photo.key);
    const image = object ? checkImage(new Uint8Array(await object.arrayBuffer())) : 'not_an_image';
    if (typeof image === 'string') {
      console.warn(`photo versions: ${photo.id} (${photo.key}) ${object ? image : 'missing'}; served as it is`);
      await setVersions(db, photo.id, { ...photo, thumbKey: '' });
      continue;
    }
    let versions;
    try {
      versions = await makeVersions(env.IMAGES, image);
    } catch (error) {
      // the service failing is no verdict on the photo: stop, the next run tries again
      if (error instanceof ImageServiceFailed) {
        console.warn(`photo versions: the image service failed at ${photo.id}: ${error.message}; next run`);
        break;
      }
      console.warn(`photo versions: ${photo.id} (${photo.key}) not decoded: ${String(error)}; served as it is`);
      await setVersions(db, photo.id, { ...photo, thumbKey: '' });
      continue;
    }
    // `<uuid>-d` beside the original: an original that was a WebP must not be overwritten before the row moves
    const keys = versionKeys(`photos/${photo.memberId}/${photo.id}-d`);
    keys.thumb = `photos/${photo.memberId}/${photo.id}-t.webp`;
    await storeVersions(env.PHOTOS, keys, versions);
    const row = {
      key: keys.display,
      thumbKey: keys.thumb,
      contentType: VERSION_TYPE,
      width: versions.display.width,
      height: versions.display.height,
      bytes: versions.display.bytes.length,
      preview: versions.preview,
    };
    if (await setVersions(db, photo.id, row)) {
      await env.PHOTOS.delete(photo.key);
      done++;
    } else if (!(await photoById(db, photo.id))) {
      await env.PHOTOS.delete([keys.display, keys.thumb]); // deleted meanwhile: nothing may stay behind
    }
  }
  return done;
}

/** Previews the backfill makes per run (each is one small transformation and one R2 read). */
export const PREVIEWS_PER_RUN = 50;

/**
 * The backfill of locked previews for photos versioned before the previews (decision 189-locked-photo-previews):
 * each one's preview is made from its stored thumbnail, as an upload makes it. Idempotent (written only while
 * `preview IS NULL`); a thumbnail that is missing or cannot be decoded gets '' (no preview, not tried again; the
 * web shows the lock without a picture); a failing image service ends the run. Answers how many it made.
 */
export async function previewPhotos({ db, env }: Pick<JobContext, 'db' | 'env'>, limit = PREVIEWS_PER_RUN) {
  let done = 0;
  for (const photo of await photosWithoutPreview(db, limit)) {
    const object = await env.PHOTOS.get(photo.thumbKey!);
    if (!object) {
      await setPreview(db, photo.id, '');
      continue;
    }
    // the thumbnail's size follows from the display version's, as the upload made it
    const thumb = { bytes: new Uint8Array(await object.arrayBuffer()), ...fitWithin(photo.width, photo.height, THUMB_SIDE) };
    try {
      await setPreview(db, photo.id, await makePreview(env.IMAGES, thumb));
      done++;
    } catch (error) {
      if (error instanceof ImageServiceFailed) {
        console.warn(`photo previews: the image service failed at ${photo.id}: ${error.message}; next run`);
        break;
      }
      console.warn(`photo previews: ${photo.id} (${photo.thumbKey}) not decoded: ${String(error)}; no preview`);
      await setPreview(db, photo.id, '');
    }
  }
  return done;
}

export const photosFeature: Feature = {
  name: 'photos',
  tables: ['photos'],
  export: exportPhotos,
  erase: ({ db, env, memberId }) => erasePhotos(db, env.PHOTOS, memberId),
  jobs: [
    { name: 'photo versions', schedule: 'every5', run: (ctx) => versionPhotos(ctx) },
    { name: 'photo previews', schedule: 'every5', run: (ctx) => previewPhotos(ctx) },
  ],
};
