import { useState } from 'react';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert, Notice } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useT } from '../../lib/i18n';
import type { ApiFailure } from '../../lib/request';
import { downloadExport, saveFile } from './api/export';
import * as s from './settings.css';

/** GDPR articles 15 and 20: the member's data as a ZIP, once an hour (the server says when again). */
export function ExportData() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [done, setDone] = useState(false);

  async function onClick() {
    setBusy(true);
    setFailure(null);
    setDone(false);
    const result = await downloadExport();
    setBusy(false);
    if (!result.ok) return setFailure(result);
    saveFile(result.blob, result.filename);
    setDone(true);
  }

  return (
    <section className={s.card} aria-labelledby="settings-export">
      <h2 id="settings-export" className={s.heading}>
        {t('settings.export_title')}
      </h2>
      <p className={s.text}>{t('settings.export_text')}</p>
      {done && <Notice>{t('settings.export_done')}</Notice>}
      <FormAlert failure={failure} />
      <div className={f.actions}>
        <button
          type="button"
          className={`${button.outline} ${disabledState}`}
          onClick={() => void onClick()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('settings.export_busy') : t('settings.export_button')}
        </button>
      </div>
    </section>
  );
}
