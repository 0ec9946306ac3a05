import type { User } from '../../../worker/contracts/account';
import { ActivationBanner } from './activation-banner';
import { PhotoBanner } from './photo-banner';

/** The default layout's banners for a logged-in member (spec section 2): one lazy chunk, for members only. */
export function MemberBanners({ user, route }: { user: User; route: string | undefined }) {
  return (
    <>
      <ActivationBanner user={user} route={route} />
      <PhotoBanner user={user} route={route} />
    </>
  );
}
