import { NavLink } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import type { User } from '../../lib/user';
import { AccountMenu } from './account-menu';
import * as s from './top-nav.css';

/** A logged-in member's part of the top navigation (spec section 2): search members, then the account menu. */
export function MemberNav({ user }: { user: User }) {
  const t = useT();
  return (
    <>
      <NavLink to="/members" className={s.navLink}>
        <svg className={s.navIcon} viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className={s.loginText}>{t('account_menu.search')}</span>
      </NavLink>
      <AccountMenu user={user} />
    </>
  );
}
