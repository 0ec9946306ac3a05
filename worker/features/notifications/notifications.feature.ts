import type { Feature } from '../../lib/feature';
import { continueWeeklyDigest, sendUnreadReminders, startWeeklyDigest } from './notifications.jobs';
import { exportNotifications } from './notifications.export';
import { eraseNotifications } from './notifications.queries';

export const notificationsFeature: Feature = {
  name: 'notifications',
  tables: ['notification_settings', 'notification_sends'],
  export: exportNotifications,
  erase: ({ db, memberId }) => eraseNotifications(db, memberId),
  jobs: [
    { name: 'unread-reminders', schedule: 'every5', run: sendUnreadReminders },
    // the weekly trigger starts the week's digest; the 5-minute one finishes what a run left over
    { name: 'weekly-digest', schedule: 'weekly', run: startWeeklyDigest },
    { name: 'weekly-digest-continue', schedule: 'every5', run: (ctx) => continueWeeklyDigest(ctx) },
  ],
};
