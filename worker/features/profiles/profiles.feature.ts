import type { Feature } from '../../lib/feature';
import { eraseBlocks } from './profiles.queries';

export const profilesFeature: Feature = {
  name: 'profiles',
  erase: ({ db, memberId }) => eraseBlocks(db, memberId),
};
