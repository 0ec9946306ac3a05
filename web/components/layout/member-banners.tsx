import type { User } from '../../../worker/contracts/account';
import { firstBanner, liveDismissal, showBonusBanner, type BannerName } from '../../../worker/contracts/banners';
import { useActiveDiscount } from '../../lib/calls/get-discount';
import { DISMISSAL_KEYS, dismiss, dismissals, dismissedAt, type DismissalKey } from '../../lib/dismissals';
import { pushStore } from '../../lib/push';
import { useStore } from '../../lib/store';
import { liveDiscount, useSecondClock } from '../../lib/time-bonus';
import { ActivationBanner } from './activation-banner';
import { showActivationReminder } from './activation-banner.rules';
import { DisabledBanner } from './disabled-banner';
import { showDisabledBanner } from './disabled-banner.rules';
import { PhotoBanner } from './photo-banner';
import { showPhotoBanner } from './photo-banner.rules';
import { PushBanner } from './push-banner';
import { showPushBanner } from './push-banner.rules';
import { BonusBanner, TimeBonusModal } from './welcome-bonus';

/** Where each banner's dismissal is remembered (a time; worker/contracts/banners.ts BANNER_SNOOZE says for how long it holds). */
const KEYS: Record<BannerName, DismissalKey> = {
  activation: DISMISSAL_KEYS.activation,
  disabled: DISMISSAL_KEYS.disabledNotifications,
  bonus: DISMISSAL_KEYS.bonus,
  photo: DISMISSAL_KEYS.enrich,
  push: DISMISSAL_KEYS.push,
};

/**
 * The default layout's banners for a logged-in member (spec section 2): one at a time, the first due
 * by the priority the worker's first paint uses too (worker/contracts/banners.ts firstBanner), each
 * dismissible; dismissing one shows the next. The time-bonus modal beside them. One lazy chunk, for
 * members only.
 */
export function MemberBanners({ user, route }: { user: User; route: string | undefined }) {
  const query = useActiveDiscount(!user.paid_user);
  const now = useSecondClock();
  const push = useStore(pushStore);
  useStore(dismissals); // a dismissal anywhere (a banner, the signup's push step) renders again
  const discount = liveDiscount(query.data, user.paid_user, now);
  const hidden = (banner: BannerName) => liveDismissal(banner, dismissedAt(KEYS[banner]), now);
  const first = firstBanner({
    activation: showActivationReminder(user, route, hidden('activation')),
    disabled: showDisabledBanner(user, route, hidden('disabled')),
    bonus: showBonusBanner(!!discount, route, hidden('bonus')),
    photo: showPhotoBanner(user, route, hidden('photo')),
    push: showPushBanner(user, route, push, hidden('push')),
  });
  const close = (banner: BannerName) => () => dismiss(KEYS[banner]);
  return (
    <>
      {first === 'activation' && <ActivationBanner user={user} onDismiss={close('activation')} />}
      {first === 'disabled' && <DisabledBanner onDismiss={close('disabled')} />}
      {first === 'bonus' && discount && <BonusBanner discount={discount} now={now} onDismiss={close('bonus')} />}
      {first === 'photo' && <PhotoBanner onDismiss={close('photo')} />}
      {first === 'push' && <PushBanner onDismiss={close('push')} />}
      {discount && <TimeBonusModal key={route} discount={discount} credits={user.credits} route={route} now={now} />}
    </>
  );
}
