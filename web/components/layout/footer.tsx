import { Link } from 'react-router-dom';
import { useCompany, useSettings } from '../../lib/boot';
import { loadCatalogue, loadersOf, useT } from '../../lib/i18n';
import { useBrowserValue } from '../../lib/hydrated';
import { isStandalone } from '../../lib/standalone';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import * as s from './footer.css';

/** The footer's texts (locales/footer): loaded with this chunk, after the first paint, not in the main catalogue. */
const loaders = loadersOf(import.meta.glob<{ default: object }>('../../../locales/footer/*.json'));
export const loadFooterCatalogue = () => loadCatalogue(loaders);

/** Spec section 2: terms, privacy, cookies, ban, pricing, complaints, return policy, FAQ, support. */
export const FOOTER_LINKS = [
  ['footer.terms', '/pages/terms'],
  ['footer.privacy', '/pages/privacy'],
  ['footer.cookies', '/pages/cookies'],
  ['footer.ban', '/pages/ban'],
  ['footer.pricing', '/pricing'],
  ['footer.complaints', '/complaints'],
  ['footer.return_policy', '/pages/return-policy'],
  ['footer.faq', '/pages/faq'],
  ['footer.support', '/pages/service'],
] as const;
/** A visitor's footer in the browser adds the guided search and the language choice by country. */
export const VISITOR_LINKS = [
  ['footer.match_finder', '/match-finder'],
  ['footer.lang_config', '/lang-config'],
] as const;
/** A member's footer (and the installed app's) adds their settings instead. */
export const MEMBER_LINKS = [['footer.settings', '/notifications']] as const;

export function Footer({ showLinks = true }: { showLinks?: boolean }) {
  const t = useT();
  const settings = useSettings();
  const company = useCompany();
  const { status } = useStore(sessionStore);
  // the installed app is the browser's to know: a prerendered page, and its hydration, show the browser's footer
  const standalone = useBrowserValue(isStandalone, false);
  const extra = status === 'in' ? MEMBER_LINKS : status === 'out' && !standalone ? VISITOR_LINKS : [];
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        {showLinks && (
          <nav aria-label={t('footer.legal_links')}>
            <ul className={s.links}>
              {[...FOOTER_LINKS, ...extra].map(([key, to]) => (
                <li key={to}>
                  <Link className={s.link} to={to}>
                    {t(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div>
          <p className={s.company}>
            {t('footer.company', {
              site_name: settings.name,
              company_name: company.name,
              address: company.address,
              zip: company.zip,
              city: company.city,
            })}
          </p>
          <p className={s.company}>
            {t('footer.registration', { kvk: company.kvk, vat: company.vat_numbers.join(', ') })} ·{' '}
            <a className={s.link} href={`tel:${settings.support_phone}`}>
              {t('footer.phone', { phone: settings.support_phone_display })}
            </a>{' '}
            ·{' '}
            <a className={s.link} href={`mailto:${settings.support_email}`}>
              {settings.support_email}
            </a>
          </p>
          {/* a prerendered page's year is its build's: hydration keeps it until the next render */}
          <p className={s.company} suppressHydrationWarning>
            {t('footer.copyright', { year: new Date().getFullYear(), company_name: company.name })}
          </p>
        </div>
        <p className={s.disclaimer}>{t('footer.disclaimer', { site_name: settings.name, min_age: settings.min_age })}</p>
        {/* spec section 2: the US footer, for the English locale */}
        {settings.locale === 'en' && (
          <p className={s.disclaimer} data-testid="us-footer">
            {t('footer.us_2257')}{' '}
            <Link className={s.link} to="/pages/privacy">
              {t('footer.us_privacy')}
            </Link>
          </p>
        )}
      </div>
    </footer>
  );
}
