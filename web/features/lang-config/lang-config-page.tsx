import { useMemo, useState } from 'react';
import type { Settings } from '../../../worker/contracts/site';
import { changeLanguage } from '../../components/layout/language-select';
import { SelectField } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { Panel } from '../../components/ui/panel';
import { useSettings } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import * as s from './lang-config.css';

type Locale = Settings['locale'];

/**
 * /lang-config: the language by country (spec section 1: US en/es, BE nl/fr/de, CH de/it/fr/en…),
 * limited to the languages this site offers; a choice sets the locale cookie (365 days; a member's
 * account too) and reloads, as the language menu does.
 */
export function LangConfigPage() {
  const t = useT();
  const locale = useLocale();
  const settings = useSettings();
  const [country, setCountry] = useState(settings.geoip_selected_country);
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const countries = useMemo(
    () => settings.countries.map((c) => ({ ...c, name: names.of(c.code) ?? c.code })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    [settings.countries, names, locale],
  );
  const offered =
    countries.find((c) => c.code === country)?.locales.filter((l): l is Locale => (settings.locales as string[]).includes(l)) ?? [];
  const choices = offered.length ? offered : [settings.default_locale];
  return (
    <Panel title={t('lang_config.title')} intro={t('lang_config.intro')}>
      <div className={f.form}>
        <SelectField label={t('lang_config.country')} name="country" value={country} onChange={(e) => setCountry(e.target.value)}>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <fieldset className={f.field}>
          <legend className={f.label}>{t('lang_config.language')}</legend>
          <ul className={s.languages}>
            {choices.map((l) => (
              <li key={l}>
                <button type="button" lang={l} className={s.language} aria-current={l === locale} onClick={() => void changeLanguage(l)}>
                  {languageName(l)}
                  {l === locale && (
                    <span className={s.current} lang={locale}>
                      {t('lang_config.current')}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    </Panel>
  );
}

/** A language's name in that language ("Deutsch", "English"), capitalised. */
function languageName(l: string) {
  const name = new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l;
  return name.charAt(0).toLocaleUpperCase(l) + name.slice(1);
}
