import { accountFeature } from './features/account/account.feature';
import { chatFeature } from './features/chat/chat.feature';
import { chatConsoleFeature } from './features/operator/console.feature';
import { likesFeature } from './features/likes/likes.feature';
import { operatorFeature } from './features/operator/operator.feature';
import { notificationsFeature } from './features/notifications/notifications.feature';
import { paymentsFeature } from './features/payments/payments.feature';
import { photosFeature } from './features/photos/photos.feature';
import { profilesFeature } from './features/profiles/profiles.feature';
import { pushFeature } from './features/push/push.feature';
import { reportsFeature } from './features/reports/reports.feature';
import type { Feature } from './lib/feature';

/**
 * Every feature's declarations: what erasure covers and which jobs the Cron Triggers run. A
 * feature that keeps member data or has a schedule adds itself here.
 */
export const features: readonly Feature[] = [
  operatorFeature,
  accountFeature,
  photosFeature,
  profilesFeature,
  likesFeature,
  chatFeature,
  paymentsFeature,
  notificationsFeature,
  pushFeature,
  chatConsoleFeature,
  reportsFeature,
];
