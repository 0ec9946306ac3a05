import { RequireLogin } from '../../components/layout/require-login';
import * as panel from '../../components/ui/panel.css';
import { useT } from '../../lib/i18n';
import { QueryProvider } from '../../lib/query-client';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { DeleteAccount } from './delete-account';
import { EmailForm } from './email-form';
import { ExportData } from './export-data';
import { NotificationSettings, ReconfirmedNotice } from './notification-settings';
import { PasswordForm } from './password-form';
import { PublicProfileSetting } from './public-profile-setting';
import * as s from './settings.css';

/** /notifications, the settings screen: notifications and e-mail, invisible mode, the public profile, password, e-mail address, the data export and account deletion. */
export function SettingsPage() {
  return (
    <RequireLogin>
      <QueryProvider>
        <Settings />
      </QueryProvider>
    </RequireLogin>
  );
}

function Settings() {
  const t = useT();
  const { user } = useStore(sessionStore);
  if (!user) return null; // logged out meanwhile: RequireLogin redirects
  return (
    <div className={panel.page}>
      <div className={s.stack}>
        <title>{t('settings.title')}</title>
        <h1 className={s.title}>{t('settings.title')}</h1>
        <ReconfirmedNotice />
        <NotificationSettings email={user.email} />
        <PublicProfileSetting />
        <EmailForm current={user.email} />
        <PasswordForm />
        <ExportData />
        <DeleteAccount />
      </div>
    </div>
  );
}
