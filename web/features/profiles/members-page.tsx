import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../worker/contracts/account';
import type { Settings } from '../../../worker/contracts/site';
import { button } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { MemberCard } from '../../components/ui/member-card';
import { Modal } from '../../components/ui/modal';
import * as c from '../../components/ui/member-card.css';
import { useSettings } from '../../lib/boot';
import { getRegionsQueryOptions } from '../../lib/calls/get-regions';
import { useT } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { renderedWith } from '../../lib/rendered-with';
import { AUTH_REQUIRED } from '../../lib/request';
import { signupLinkClick } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { searchMembersQueryOptions, useSearchMembers } from './api/search-members';
import * as m from './members-page.css';
import { Pagination } from './pagination';
import * as s from './profiles.css';
import { changedFilters, defaultFilters } from './search-filters';
import { SearchForm } from './search-form';
import { goToPage, rememberScroll, searchFor, searchStore, setFilters } from './search-store';

/**
 * A member's page load of /members, which the worker rendered (web/members-ssr.tsx): the first search is asked before
 * the app hydrates the page (web/main.tsx). Its query is then already under way when the page's parts subscribe to it:
 * subscribing starts nothing and changes nothing, which React would answer with a synchronous render of every part that
 * reads it (and of the lazy parts under them, hydrated in the same long task: issue 32 §2).
 */
export function startFirstSearch(user: User, settings: Settings) {
  const filters = defaultFilters(user, settings);
  void queryClient.prefetchQuery(searchMembersQueryOptions(filters, 1));
  // and the search form's regions, which the page shows none of yet (the form takes them in the render after hydrating)
  if (filters.country) void queryClient.prefetchQuery(getRegionsQueryOptions(filters.country));
}

/** Whether a search has been on screen in this page: the first one on a page the worker rendered is hydrated. */
let shownBefore = false;

/** /members: search with filters, 20 cards a page, similar profiles when few match. Visitors per settings. */
export function MembersPage() {
  const t = useT();
  const settings = useSettings();
  const session = useStore(sessionStore);
  if (session.status === 'loading') return null;
  if (session.status === 'out' && !settings.logged_out_search) return <LoginPrompt />;
  return (
    <div className={s.page}>
      <title>{t('search.title')}</title>
      <Search key={session.user?.id ?? 0} user={session.user} />
    </div>
  );
}

function LoginPrompt() {
  const t = useT();
  return (
    <div className={`${s.page} ${s.narrow}`}>
      <section className={s.card} aria-labelledby="search-login">
        <title>{t('search.title')}</title>
        <h1 id="search-login" className={s.heading}>
          {t('search.login_title')}
        </h1>
        <p className={s.text}>{t('search.login_text')}</p>
        <div className={f.actions}>
          <Link to="/signup" className={button.primary} onClick={signupLinkClick}>
            {t('search.signup')}
          </Link>
          <Link to="/login" className={button.outline} state={{ from: '/members' }}>
            {t('search.login')}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** The cards of a phone's first screen (two rows of two): their photos load at once, at high priority; the others lazily. */
const FIRST_SCREEN = 4;
/** Opening a card keeps the list's place (back from a profile: the list where it was left). */
const keepScroll = () => rememberScroll(window.scrollY);

function Search({ user }: { user: User | null }) {
  const t = useT();
  const settings = useSettings();
  const owner = user?.id ?? 0;
  const state = useStore(searchStore);
  // the member's search as they left it, or a first one, searched at once (the store keeps it after
  // one effect): rendering nothing until then left the footer on a phone's first screen, and the
  // screen then pushed it away (CLS 0.86 at 375 px)
  const [first] = useState(() => defaultFilters(user, settings));
  const kept = state.owner === owner && state.filters ? state : null;
  const filters = kept?.filters ?? first;
  const page = kept?.page ?? 1;
  const scrollY = kept?.scrollY ?? 0;
  const search = useSearchMembers(filters, page);
  // the page the worker rendered shows the search loading (it asks no data): hydrating it, the answer that may be in
  // already (startFirstSearch) comes in the render after, as any later answer does
  const [hydrating] = useState(() => !shownBefore && renderedWith() !== null);
  useEffect(() => void (shownBefore = true), []);
  // the cards render in the background when an answer arrives (in slices, no long task: 20 cards
  // were ~0.2 s of one task at 4× CPU); what was on screen stays until they are ready
  const answer = useDeferredValue(search.data ?? null, hydrating ? null : undefined);
  // a retry shows the loading state again, as a first load does
  const failure = search.isFetching ? null : search.error;
  const results = useRef<HTMLElement>(null);
  const [sheet, setSheet] = useState(false);
  const changed = changedFilters(filters, first);

  useEffect(() => {
    if (!kept) searchFor(owner, () => first);
  }, [kept, owner, first]);

  // back from a profile: the list kept is shown at once, at the place it was left
  useEffect(() => {
    if (!scrollY) return;
    const frame = requestAnimationFrame(() => window.scrollTo(0, scrollY));
    return () => cancelAnimationFrame(frame);
  }, []); // only on arrival

  // the cards are made once per answer: the search's other renders (its store's first filters, the
  // form's state) do not render 20 cards again
  const cards = useMemo(
    () => answer?.results.map((card, i) => <MemberCard key={card.id} card={card} onOpen={keepScroll} first={i < FIRST_SCREEN} />),
    [answer],
  );
  const similar = useMemo(() => answer?.similar.map((card) => <MemberCard key={card.id} card={card} onOpen={keepScroll} />), [answer]);

  if (failure?.error === AUTH_REQUIRED) return <LoginPrompt />;
  const toPage = (n: number) => {
    goToPage(n);
    results.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className={m.layout}>
      {/* the title, and on a phone the filters as one button with the count of changed ones (issue 33): the cards come first */}
      <div className={m.head}>
        <h1 className={`${s.title} ${m.title}`}>{t('search.title')}</h1>
        <button
          type="button"
          className={`${button.outline} ${m.filtersButton}`}
          aria-haspopup="dialog"
          aria-label={changed > 0 ? t('search.filters_changed', { count: changed }) : undefined}
          onClick={() => setSheet(true)}
        >
          <svg className={m.filtersIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M3 5h18v2H3zm4 6h10v2H7zm3 6h4v2h-4z" />
          </svg>
          {t('search.filters_button')}
          {changed > 0 && (
            <span className={m.filtersCount} aria-hidden="true">
              {changed}
            </span>
          )}
        </button>
      </div>
      <aside className={`${s.card} ${m.panel}`}>
        <h2 className={s.heading}>{t('search.filters')}</h2>
        {/* keyed by the filters: what the sheet applied shows here too (a phone turned to landscape) */}
        <SearchForm
          key={JSON.stringify(filters)}
          filters={filters}
          busy={!answer && !failure}
          onSearch={setFilters}
          hydrating={hydrating}
        />
      </aside>
      {sheet && (
        <Modal title={t('search.filters')} onDismiss={() => setSheet(false)} sheet>
          <SearchForm
            filters={filters}
            busy={false}
            defaults={first}
            onSearch={(next) => {
              setFilters(next);
              setSheet(false);
            }}
          />
        </Modal>
      )}
      <section ref={results} className={m.results} aria-labelledby="search-results" aria-busy={!answer && !failure}>
        {failure ? (
          <>
            <FormAlert failure={failure} />
            <button type="button" className={button.outline} onClick={() => void search.refetch()}>
              {t('search.retry')}
            </button>
          </>
        ) : !answer ? (
          <p role="status" className={f.small}>
            {t('search.loading')}
          </p>
        ) : (
          <>
            <div className={m.summary}>
              <h2 id="search-results" className={s.heading} aria-live="polite">
                {t('search.results', { count: answer.numResults })}
              </h2>
              {answer.pages > 1 && <p className={s.text}>{t('search.page_of', { page: answer.page, pages: answer.pages })}</p>}
            </div>
            {answer.results.length === 0 && <p className={m.empty}>{t('search.empty')}</p>}
            <ul className={c.grid}>{cards}</ul>
            <Pagination page={answer.page} pages={answer.pages} onPage={toPage} />
            {answer.similar.length > 0 && (
              <section className={m.similar} aria-labelledby="search-similar">
                <h2 id="search-similar" className={s.heading}>
                  {t('search.similar_title')}
                </h2>
                <p className={s.text}>{t('search.similar_intro')}</p>
                <ul className={c.grid}>{similar}</ul>
              </section>
            )}
          </>
        )}
      </section>
    </div>
  );
}
