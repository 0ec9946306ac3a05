import * as f from '../components/ui/form.css';
import * as s from './console.css';
import { useT } from './i18n';

/** A secret to enrol: the otpauth link (opens the authenticator app on a phone) and the key to type in by hand. */
export function TotpEnrolment({ title, secret, uri }: { title: string; secret: string; uri: string }) {
  const t = useT();
  // groups of four, as authenticator apps show a key
  const key = secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className={f.field}>
      <h2 className={f.label}>{title}</h2>
      <a href={uri}>{t('console.setup.open_app')}</a>
      <span className={f.hint}>{t('console.setup.key')}</span>
      <code className={s.secret} aria-label={t('console.setup.key')}>
        {key}
      </code>
    </div>
  );
}
