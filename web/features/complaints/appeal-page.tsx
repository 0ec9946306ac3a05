import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { setLocaleCookie } from '../../components/layout/language-select';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useSettings } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import type { ApiFailure } from '../../lib/request';
import { useAppeal } from './api/appeal';
import { ComplaintForm, dateOf, DecisionStatement, Filed } from './complaints-page';
import * as s from './complaints.css';

/** The language switch happens once per tab (a site that cannot keep the cookie would reload forever). */
const SWITCHED = 'appeal-language';

/**
 * /appeal/<token>, the link in a ban's statement of reasons (and behind /pages/ban's button after a
 * refused login or a closed live connection): logged out, the signed token names one decision; the
 * page shows its statement of reasons and files its appeal once, in the member's language when
 * the site offers it.
 */
export function AppealPage() {
  const t = useT();
  const locale = useLocale();
  const { locales } = useSettings();
  const token = useParams().token ?? '';
  const query = useAppeal(token);
  const data = query.data;
  const language = data?.language;

  useEffect(() => {
    if (!language || language === locale || !(locales as string[]).includes(language) || sessionStorage.getItem(SWITCHED)) return;
    sessionStorage.setItem(SWITCHED, language);
    setLocaleCookie(language);
    window.location.reload();
  }, [language, locale, locales]);

  if (query.error)
    return (
      <Panel title={t('complaints.appeal_page.title')} icon="danger">
        <FormAlert failure={query.error as unknown as ApiFailure} />
      </Panel>
    );
  return (
    <div className={`${s.page} ${s.narrow}`}>
      <title>{t('complaints.appeal_page.title')}</title>
      <h1 className={s.title}>{t('complaints.appeal_page.title')}</h1>
      {!data ? (
        <p role="status" className={f.small}>
          {t('complaints.loading')}
        </p>
      ) : (
        <>
          <p className={s.text}>{t('complaints.appeal_page.intro', { site_name: data.site_name })}</p>
          <section className={s.card} aria-labelledby="appeal-decision">
            <h2 id="appeal-decision" className={s.heading}>
              {t('complaints.appeal_page.decision')}
            </h2>
            <div className={s.decision} data-decision={data.decision.id}>
              <DecisionStatement decision={data.decision} />
            </div>
            {/* the form stays after sending (its confirmation) until the page loads again */}
            {data.decision.appealable && (
              <ComplaintForm token={token} label={t('complaints.appeal_text')} submit={t('complaints.appeal_submit')} />
            )}
            {data.appeal ? (
              <ul className={s.list}>
                <Filed complaint={data.appeal} locale={locale} />
              </ul>
            ) : (
              data.decision.appealable && (
                <p className={f.small}>{t('complaints.appeal_page.window', { date: dateOf(data.expires_at, locale) })}</p>
              )
            )}
          </section>
        </>
      )}
    </div>
  );
}
