import type { Photo } from './photos.queries';

/** A photo as the API shows it: `match` is the path under the site's cdn_prefix (spec section 3). */
export const photoJson = (photo: Photo, mainId: string | null) => ({
  id: photo.id,
  filename: photo.key,
  thumb_filename: photo.key,
  status: photo.status === 'active' ? ('active' as const) : ('pending' as const),
  match: photo.key,
  main: photo.id === mainId,
  width: photo.width,
  height: photo.height,
});
