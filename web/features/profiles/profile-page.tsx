import { Link } from 'react-router-dom';
import { RequireLogin } from '../../components/layout/require-login';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { PhotoManager } from './photo-manager';
import { ProfileForm } from './profile-form';
import * as s from './profiles.css';

/** /profile: the member's photos and profile fields. */
export function ProfilePage() {
  return (
    <RequireLogin>
      <OwnProfile />
    </RequireLogin>
  );
}

function OwnProfile() {
  const t = useT();
  const { user } = useStore(sessionStore);
  if (!user) return null; // logged out meanwhile: RequireLogin redirects
  return (
    <div className={`${s.page} ${s.narrow}`}>
      <title>{t('my_profile.title')}</title>
      <h1 className={s.title}>{t('my_profile.title')}</h1>
      <Link className={s.back} to={`/members/${user.profile.id}`}>{t('my_profile.view_own')}</Link>
      <PhotoManager />
      <ProfileForm user={user} />
    </div>
  );
}
