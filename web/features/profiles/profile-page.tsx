import { Link } from 'react-router-dom';
import { RequireLogin } from '../../components/layout/require-login';
import { Notice } from '../../components/ui/form';
import { useComplaints } from '../../lib/calls/get-complaints';
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
      <Link className={s.back} to={`/members/${user.profile.id}`}>
        {t('my_profile.view_own')}
      </Link>
      <DecisionNotice />
      <PhotoManager />
      <ProfileForm user={user} />
    </div>
  );
}

/** A moderators' decision in force about the member (not reversed on appeal): a notice leading to its statement of reasons on /complaints. */
function DecisionNotice() {
  const t = useT();
  const { data } = useComplaints();
  const reversed = new Set(data?.decisions.filter((d) => d.action === 'reversed').map((d) => d.appeal_of));
  const inForce = data?.decisions.find(
    (d) => (d.action === 'restrict' || d.action === 'ban' || d.action === 'remove') && !reversed.has(d.id),
  );
  if (!inForce) return null;
  return (
    <Notice>
      {t('report.notice')} <Link to="/complaints">{t('report.notice_link')}</Link>
    </Notice>
  );
}
