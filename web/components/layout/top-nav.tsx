import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useSettings } from '../../lib/boot';
import { withChunkReload } from '../../lib/chunk-reload';
import { loadAccountCatalogue, useT } from '../../lib/i18n';
import { preloadable } from '../../lib/preloadable';
import { useBrowserValue } from '../../lib/hydrated';
import { isStandalone } from '../../lib/standalone';
import { signupLinkClick } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { button } from '../ui/button.css';
import { Logo } from './logo';
import * as s from './top-nav.css';

// Only sites with more than one language show it: kept out of the first bundle of the others.
const LanguageSelect = preloadable(
  () => import('./language-select').then((m) => m.LanguageSelect),
  (load) => withChunkReload(load),
);
/** Loads the language choice ahead of the first render (a prerendered page shows it already: main.tsx). */
export const preloadLanguageSelect = () => LanguageSelect.preload();

// Only members see it (search link and account menu): kept out of the visitor's first bundle.
const MemberNav = preloadable(
  () => Promise.all([import('./member-nav'), loadAccountCatalogue()]).then(([m]) => m.MemberNav),
  (load) => withChunkReload(load),
);
/** Loads a member's navigation ahead of the first render (a member's prerendered page shows it already: main.tsx). */
export const preloadMemberNav = () => MemberNav.preload();

// Only the installed app has it (spec section 2).
const BackButton = lazy(withChunkReload(() => import('./back-button').then((m) => ({ default: m.BackButton }))));

/** Spec section 2: brand, language choice; a member's search link and account menu, or login and signup. */
export function TopNav() {
  const t = useT();
  const settings = useSettings();
  const session = useStore(sessionStore);
  // only the browser knows it is the installed app: after hydration (a member's /members is the worker's render, web/members-ssr.tsx)
  const standalone = useBrowserValue(isStandalone, false);
  return (
    <header className={s.bar}>
      <nav className={session.status === 'in' ? `${s.inner} ${s.memberBar}` : s.inner} aria-label={t('nav.main_navigation')}>
        {standalone && (
          <Suspense fallback={null}>
            <BackButton />
          </Suspense>
        )}
        {/* a member's home is the members page (issue 33) */}
        <Link to={session.status === 'in' ? '/members' : '/'} className={s.brand}>
          <Logo className={s.brandLogo} />
          <span className={s.brandName}>{settings.name}</span>
        </Link>
        {settings.locales.length > 1 && (
          <Suspense fallback={null}>
            <LanguageSelect />
          </Suspense>
        )}
        {session.status === 'in' && (
          <Suspense fallback={<span className={s.menuPlaceholder} />}>
            <MemberNav user={session.user} />
          </Suspense>
        )}
        {session.status === 'out' && (
          <>
            <Link to="/login" className={`${button.light} ${s.navButton}`}>
              {t('nav.login')}
            </Link>
            {/* a phone has room for the short word only ("Aanmelden"); the long one from 576 px */}
            <Link to="/signup" className={`${button.primary} ${s.navButton}`} onClick={signupLinkClick}>
              <span className={s.wideOnly}>{t('nav.signup')}</span>
              <span className={s.phoneOnly}>{t('nav.signup_short')}</span>
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
