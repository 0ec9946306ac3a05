import type { Feature } from '../../lib/feature';
import { sendAutoLikes } from './auto-likes';
import { exportLikes } from './likes.export';
import { eraseLikes } from './likes.queries';

export const likesFeature: Feature = {
  name: 'likes',
  tables: ['likes', 'swipe_passes'],
  export: exportLikes,
  erase: ({ db, memberId }) => eraseLikes(db, memberId),
  jobs: [{ name: 'auto-likes', schedule: 'every5', run: sendAutoLikes }],
};
