import type { Feature } from '../../lib/feature';
import { exportPush } from './push.export';
import { erasePushSubscriptions } from './push.queries';

export const pushFeature: Feature = {
  name: 'push',
  tables: ['push_subscriptions'],
  export: exportPush,
  erase: ({ db, memberId }) => erasePushSubscriptions(db, memberId),
};
