import { Link, useLocation } from 'react-router-dom';
import { button } from '../../components/ui/button.css';
import { useT } from '../../lib/i18n';
import * as s from './complaints.css';

/** The token /pages/ban was given (`#appeal=<token>`: a refused login, a live connection closed by the ban), or null. */
export const banAppealToken = (hash: string) => /^#appeal=([A-Za-z0-9_.-]{1,100})$/.exec(hash)?.[1] ?? null;

/**
 * On /pages/ban after a refused login (or a live connection the ban closed): the way to appeal
 * that ban, which the member cannot reach through /complaints without logging in.
 */
export function BanAppeal() {
  const t = useT();
  const token = banAppealToken(useLocation().hash);
  if (!token) return null;
  return (
    <section className={`${s.card} ${s.banAppeal}`} aria-labelledby="ban-appeal">
      <h2 id="ban-appeal" className={s.heading}>
        {t('complaints.ban_appeal.title')}
      </h2>
      <p className={s.line}>{t('complaints.ban_appeal.text')}</p>
      <Link className={`${button.primary} ${s.banButton}`} to={`/appeal/${token}`}>
        {t('complaints.ban_appeal.button')}
      </Link>
    </section>
  );
}
