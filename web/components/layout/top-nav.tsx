import { Link } from 'react-router-dom';
import { useSettings } from '../../app/provider';
import { useT } from '../../lib/i18n';
import { button } from '../ui/button.css';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import * as s from './top-nav.css';

/** Top navigation, logged-out state: brand, language choice, login. */
export function TopNav() {
  const t = useT();
  const settings = useSettings();
  return (
    <header className={s.bar}>
      <nav className={s.inner} aria-label={t('nav.main_navigation')}>
        <Link to="/" className={s.brand}>
          <Logo className={s.logo} />
          {settings.name}
        </Link>
        <LanguageSelect />
        <Link to="/login" className={button.primary}>
          {t('nav.login')}
        </Link>
      </nav>
    </header>
  );
}
