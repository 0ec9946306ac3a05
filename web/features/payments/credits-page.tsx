import { Link } from 'react-router-dom';
import { RequireLogin } from '../../components/layout/require-login';
import * as p from '../../components/ui/page.css';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { PackageGrid } from './package-grid';
import * as s from './payments.css';

/** /credits (spec section 2): the packages with their price per message, the balance, the way to the transactions. */
export function CreditsPage() {
  return (
    <RequireLogin>
      <Credits />
    </RequireLogin>
  );
}

function Credits() {
  const t = useT();
  const { user } = useStore(sessionStore);
  return (
    <div className={p.page}>
      <title>{t('credits.title')}</title>
      <header className={s.hero}>
        <h1 className={p.title}>{t('credits.title')}</h1>
        <p className={s.heroText}>{t('credits.intro')}</p>
        {user && !user.paid_user && <p className={s.heroText}>{t('credits.premium_note')}</p>}
        <span className={s.balance}>{t('credits.balance', { credits: user?.credits ?? 0 })}</span>
      </header>
      <PackageGrid />
      <nav className={s.links}>
        {user?.paid_user && (
          <Link to="/credits/repeat-order" className={s.link}>
            {t('credits.repeat')}
          </Link>
        )}
        <Link to="/transactions" className={s.link}>
          {t('credits.transactions')}
        </Link>
      </nav>
    </div>
  );
}
