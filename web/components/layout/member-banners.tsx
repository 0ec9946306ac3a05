import type { User } from '../../../worker/contracts/account';
import { ActivationBanner } from './activation-banner';
import { DisabledBanner } from './disabled-banner';
import { PhotoBanner } from './photo-banner';
import { PushBanner } from './push-banner';
import { WelcomeBonus } from './welcome-bonus';

/** The default layout's banners for a logged-in member (spec section 2), with the welcome bonus and its time-bonus modal: one lazy chunk, for members only. */
export function MemberBanners({ user, route }: { user: User; route: string | undefined }) {
  return (
    <>
      <ActivationBanner user={user} route={route} />
      <DisabledBanner user={user} route={route} />
      <PhotoBanner user={user} route={route} />
      <PushBanner user={user} route={route} />
      <WelcomeBonus user={user} route={route} />
    </>
  );
}
