import { existingRegistration, pushStore, pushSupported } from './push';
import { api } from './request';

/**
 * Logout: this browser stops receiving the member's pushes (the worker also drops subscriptions of ended sessions).
 * Its own module so that lib/session.ts can load it on logout only: lib/push itself is imported statically by
 * screens (the signup's push step), and a module imported both ways cannot be split off (Rolldown's
 * INEFFECTIVE_DYNAMIC_IMPORT).
 */
export async function forgetPush() {
  if (!pushSupported()) return;
  try {
    const subscription = await (await existingRegistration())?.pushManager.getSubscription();
    if (subscription) {
      await api.delete('/api/user.php?push=1', { endpoint: subscription.endpoint }, { background: true });
      await subscription.unsubscribe();
    }
  } catch {
    /* nothing to forget */
  }
  pushStore.set('unknown');
}
