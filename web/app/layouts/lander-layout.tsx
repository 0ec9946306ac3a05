import { Link } from 'react-router-dom';
import { LazyFooter as Footer } from '../../components/layout/lazy-footer';
import { Logo } from '../../components/layout/logo';
import * as nav from '../../components/layout/top-nav.css';
import { EntryWarning } from '../../features/entry-warning/entry-warning';
import { useSettings } from '../../lib/boot';
import { useRouteName } from '../routes';
import { SignupModalHost } from '../signup-modal-host';
import * as s from './layouts.css';
import { ScreenOutlet } from './screen-outlet';

/** Landing pages for campaigns: a logo bar, the page and the footer (and the signup modal they end in). */
export function LanderLayout() {
  const route = useRouteName();
  const settings = useSettings();
  return (
    <>
      <header className={s.logoBar}>
        <Link to="/" className={s.logoLink}>
          <Logo className={nav.logo} />
          {settings.name}
        </Link>
      </header>
      <main className={s.main}>
        <ScreenOutlet />
      </main>
      <Footer />
      <EntryWarning layout="lander" route={route} />
      <SignupModalHost />
    </>
  );
}
