import type { Feature } from '../../lib/feature';
import { exportProfile } from './profiles.export';
import { eraseBlocks } from './profiles.queries';

export const profilesFeature: Feature = {
  name: 'profiles',
  tables: ['members', 'blocks'],
  export: exportProfile,
  erase: ({ db, memberId }) => eraseBlocks(db, memberId),
};
