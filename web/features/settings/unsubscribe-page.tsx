import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NOTIFICATION_TYPES } from '../../../worker/contracts/notifications.values';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert, Notice, useApiForm } from '../../components/ui/form';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { unsubscribe } from './api/unsubscribe';

/**
 * /unsubscribe/<token>, the link in every notification mail (its List-Unsubscribe address too):
 * works logged out; the member confirms with a button, so a mail scanner following the link
 * changes nothing (mail clients' one-click unsubscribe POSTs to the same address instead).
 */
export function UnsubscribePage() {
  const t = useT();
  const token = useParams().token ?? '';
  const { user } = useStore(sessionStore);
  const form = useApiForm();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const kind = token.split('.')[1] ?? '';
  const type = (NOTIFICATION_TYPES as readonly string[]).includes(kind)
    ? t(`notifications.types.${kind as (typeof NOTIFICATION_TYPES)[number]}`)
    : '';
  const send = (on: boolean) =>
    void form.submit(
      () => unsubscribe(token, on),
      (data) => setEnabled(data.enabled),
    );
  return (
    <Panel title={t('unsubscribe.title')} icon={form.failure ? 'danger' : 'info'}>
      <FormAlert failure={form.failure} fields={[]} />
      {enabled === null ? (
        <>
          <p>{t('unsubscribe.question', { type })}</p>
          <button
            type="button"
            className={`${button.primary} ${disabledState}`}
            disabled={form.busy || !type}
            aria-busy={form.busy}
            onClick={() => send(false)}
          >
            {form.busy ? t('form.saving') : t('unsubscribe.button')}
          </button>
        </>
      ) : (
        <>
          <Notice>{t(enabled ? 'unsubscribe.resubscribed' : 'unsubscribe.done', { type })}</Notice>
          {!enabled && (
            <button type="button" className={`${button.outline} ${disabledState}`} disabled={form.busy} onClick={() => send(true)}>
              {t('unsubscribe.undo')}
            </button>
          )}
        </>
      )}
      {user && (
        <p>
          <Link to="/notifications">{t('unsubscribe.settings')}</Link>
        </p>
      )}
    </Panel>
  );
}
