import type { Feature } from '../../lib/feature';
import { erasePhotos } from './photos.queries';

export const photosFeature: Feature = {
  name: 'photos',
  erase: ({ db, env, memberId }) => erasePhotos(db, env.PHOTOS, memberId),
};
