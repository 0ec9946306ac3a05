import type { Feature } from '../../lib/feature';
import { erasePushSubscriptions } from './push.queries';

export const pushFeature: Feature = {
  name: 'push',
  erase: ({ db, memberId }) => erasePushSubscriptions(db, memberId),
};
