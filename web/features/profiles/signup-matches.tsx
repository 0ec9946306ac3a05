import { Link, Navigate } from 'react-router-dom';
import type { User } from '../../../worker/contracts/account';
import { button } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { MemberCard } from '../../components/ui/member-card';
import { useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useSearchMembers } from './api/search-members';
import * as s from './profiles.css';
import { defaultFilters } from './search-filters';
import * as m from './signup-matches.css';

/** Suggestions: the first page of the member's own search. Up to 12 tiles (3 on a phone: the CSS). */
const TILES = 12;

/** /signup-matches: members suggested right after signup (spec section 2), while the activation mail is on its way. */
export function SignupMatches() {
  const { status, user } = useStore(sessionStore);
  if (status === 'loading') return null;
  if (!user) return <Navigate to="/signup" replace />;
  return <Suggestions user={user} />;
}

function Suggestions({ user }: { user: User }) {
  const t = useT();
  const settings = useSettings();
  const search = useSearchMembers(defaultFilters(user, settings), 1);
  const cards = search.data ? [...search.data.results, ...search.data.similar].slice(0, TILES) : null;
  return (
    <div className={s.page}>
      <title>{t('signup_matches.title')}</title>
      <h1 className={s.title}>{t('signup_matches.welcome', { name: user.profile.name })}</h1>
      <p className={s.text}>{t('signup_matches.intro')}</p>
      <section aria-labelledby="signup-matches" aria-busy={!cards && !search.error}>
        <h2 id="signup-matches" className={s.heading}>
          {t('signup_matches.heading')}
        </h2>
        {search.error ? (
          <FormAlert failure={search.error} />
        ) : !cards ? (
          <p role="status" className={f.small}>
            {t('search.loading')}
          </p>
        ) : (
          <ul className={m.tiles}>
            {cards.map((card) => (
              <MemberCard key={card.id} card={card} />
            ))}
          </ul>
        )}
      </section>
      <div className={f.actions}>
        <Link to="/members" className={button.primary}>
          {t('signup_matches.all')}
        </Link>
        <Link to="/match-finder" className={button.outline}>
          {t('signup_matches.finder')}
        </Link>
      </div>
    </div>
  );
}
