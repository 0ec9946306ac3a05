import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type MAIL_DISABLED_REASONS } from '../../../worker/contracts/notifications.values';
import type { NotificationPreferences } from '../../../worker/contracts/notifications';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert, Notice } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useT } from '../../lib/i18n';
import { useNotifications, useReconfirm, useSaveNotifications } from './api/notifications';
import * as n from './notifications.css';
import * as s from './settings.css';

/** /notifications: mail switched off (and the fix), the choices per type and channel, and invisible mode. */
export function NotificationSettings({ email }: { email: string }) {
  const t = useT();
  const query = useNotifications();
  const save = useSaveNotifications();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && !draft) setDraft(query.data.preferences);
  }, [query.data, draft]);
  if (!query.data || !draft) return <section className={s.card} aria-busy="true" style={{ minHeight: '28rem' }} />;
  const data = query.data;

  const submit = (input: Parameters<typeof save.mutate>[0], done: string) => {
    setSaved(null);
    save.mutate(input, { onSuccess: () => setSaved(done) });
  };

  return (
    <>
      {data.notifications_disabled.length > 0 && <MailOff email={email} reasons={data.notifications_disabled} />}
      <section className={s.card} aria-labelledby="settings-notifications">
        <h2 id="settings-notifications" className={s.heading}>
          {t('notifications.title')}
        </h2>
        <p className={s.text}>{t('notifications.intro')}</p>
        <form
          className={f.form}
          onSubmit={(e) => {
            e.preventDefault();
            submit({ preferences: draft }, t('notifications.saved'));
          }}
        >
          {saved && <Notice>{saved}</Notice>}
          {save.error && <FormAlert failure={save.error} fields={[]} />}
          <table className={n.table}>
            <thead>
              <tr>
                <th scope="col" className={n.head}>
                  {t('notifications.type')}
                </th>
                {NOTIFICATION_CHANNELS.map((c) => (
                  <th key={c} scope="col" className={n.channel}>
                    {t(`notifications.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_TYPES.map((type) => (
                <tr key={type} className={n.row}>
                  <th scope="row" className={n.type}>
                    {t(`notifications.types.${type}`)}
                  </th>
                  {NOTIFICATION_CHANNELS.map((c) => (
                    <td key={c} className={n.cell}>
                      <input
                        type="checkbox"
                        className={n.check}
                        aria-label={`${t(`notifications.types.${type}`)}: ${t(`notifications.${c}`)}`}
                        checked={draft[c][type]}
                        onChange={(e) => setDraft({ ...draft, [c]: { ...draft[c], [type]: e.target.checked } })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className={f.actions}>
            <button type="submit" className={`${button.primary} ${disabledState}`} disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? t('form.saving') : t('notifications.save')}
            </button>
          </div>
        </form>
      </section>
      <section className={s.card} aria-labelledby="settings-invisible">
        <h2 id="settings-invisible" className={s.heading}>
          {t('notifications.invisible_title')}
        </h2>
        <p className={s.text}>{t('notifications.invisible_text')}</p>
        <label className={n.toggle}>
          <input
            type="checkbox"
            className={n.check}
            checked={data.invisible}
            disabled={!data.invisible_allowed || save.isPending}
            onChange={(e) =>
              submit({ invisible: e.target.checked }, t(e.target.checked ? 'notifications.invisible_on' : 'notifications.invisible_off'))
            }
          />
          {t('notifications.invisible_label')}
        </label>
        {!data.invisible_allowed && (
          <div className={n.premium}>
            <span className={s.text} style={{ margin: 0 }}>
              {t('notifications.invisible_premium')}
            </span>
            <Link to="/premium" className={button.primary}>
              {t('notifications.invisible_cta')}
            </Link>
          </div>
        )}
      </section>
    </>
  );
}

/** Spec section 2's fix for mail that was switched off: confirm the address again (or change it in the form below). */
function MailOff({ email, reasons }: { email: string; reasons: string[] }) {
  const t = useT();
  const reconfirm = useReconfirm();
  const [params] = useSearchParams();
  const outcome = params.get('reconfirmed');
  return (
    <section className={n.warn} aria-labelledby="settings-mail-off">
      <h2 id="settings-mail-off" className={s.heading}>
        {t('notifications.disabled_title')}
      </h2>
      <p className={s.text}>
        {t('notifications.disabled_text', {
          reasons: reasons.map((r) => t(`notifications.reasons.${r as (typeof MAIL_DISABLED_REASONS)[number]}`)).join(', '),
        })}
      </p>
      {outcome === '0' && (
        <p role="alert" className={f.alert}>
          {t('notifications.reconfirm_failed')}
        </p>
      )}
      {reconfirm.isSuccess ? (
        <Notice>{t('notifications.reconfirm_sent', { email })}</Notice>
      ) : (
        <>
          {reconfirm.error && <FormAlert failure={reconfirm.error} fields={[]} />}
          <button
            type="button"
            className={`${button.outline} ${disabledState}`}
            disabled={reconfirm.isPending}
            onClick={() => reconfirm.mutate()}
          >
            {t('notifications.reconfirm')}
          </button>
        </>
      )}
    </section>
  );
}

/** After following the reconfirm link (mail on again). */
export function ReconfirmedNotice() {
  const t = useT();
  const [params] = useSearchParams();
  return params.get('reconfirmed') === '1' ? <Notice>{t('notifications.reconfirmed')}</Notice> : null;
}
