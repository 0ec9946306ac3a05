import { useCallback, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { RequireLogin } from '../../components/layout/require-login';
import * as nav from '../../components/layout/top-nav.css';
import { button } from '../../components/ui/button.css';
import { ErrorPage } from '../../components/ui/error-page';
import * as f from '../../components/ui/form.css';
import { HeartIcon } from '../../components/ui/heart-icon';
import { MemberCard } from '../../components/ui/member-card';
import * as c from '../../components/ui/member-card.css';
import * as s from '../../components/ui/page.css';
import { useLikes } from '../../lib/calls/get-likes';
import { useT } from '../../lib/i18n';
import { badgeText, type LikesView } from '../../lib/likes';
import * as l from './likes-page.css';

export const LIKE_TABS = ['received', 'given', 'matches'] as const;
export type LikeTab = (typeof LIKE_TABS)[number];
const isTab = (type: string): type is LikeTab => (LIKE_TABS as readonly string[]).includes(type);

/** /likes and /likes/:type (spec section 2): received (the default), given and matches, as tabs. */
export function LikesPage() {
  const { type = 'received' } = useParams();
  if (!isTab(type)) return <ErrorPage status={404} />;
  return (
    <RequireLogin>
      <Likes tab={type} />
    </RequireLogin>
  );
}

function Likes({ tab }: { tab: LikeTab }) {
  const t = useT();
  // loaded on the first visit, then kept (and refreshed by the member layer)
  const query = useLikes();
  const likes = query.data;
  const failed = query.isError && !query.isFetching;
  const { fetchNextPage } = query;
  // a page asked for while one loads is not asked again
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  return (
    <div className={s.page}>
      <title>{`${t('likes.title')} – ${t(`likes.${tab}`)}`}</title>
      <div className={l.header}>
        <h1 className={s.title}>{t('likes.title')}</h1>
        <Link to="/swipe-game" className={`${button.outline} ${l.swipe}`}>
          <HeartIcon />
          {t('likes.swipe')}
        </Link>
      </div>
      <nav aria-label={t('likes.tabs')}>
        <ul className={l.tabs}>
          {LIKE_TABS.map((name) => (
            <li key={name}>
              <Link to={`/likes/${name}`} className={l.tab} aria-current={name === tab ? 'page' : undefined}>
                {t(`likes.${name}`)}
                {name === 'received' && likes && likes.newLikes > 0 && (
                  <span className={l.count}>
                    <span aria-hidden="true">{badgeText(likes.newLikes)}</span>
                    <span className={nav.visuallyHidden}>{t('likes.new_count', { count: likes.newLikes })}</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={t(`likes.${tab}`)} aria-busy={!likes && !failed}>
        {likes ? (
          <>
            <LikesList tab={tab} likes={likes} />
            <MoreLikes
              more={tab === 'received' ? likes.more.received : tab === 'given' ? likes.more.given : likes.more.received || likes.more.given}
              loading={query.isFetchingNextPage}
              failed={query.isFetchNextPageError && !query.isFetching}
              load={loadMore}
            />
          </>
        ) : failed ? (
          <div className={l.empty}>
            <p role="alert">{t('errors.generic')}</p>
            <button type="button" className={button.outline} onClick={() => void query.refetch()}>
              {t('likes.retry')}
            </button>
          </div>
        ) : (
          <p role="status" className={f.small}>
            {t('likes.loading')}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * The next page when the end of the list comes near (an IntersectionObserver on a sentinel; a
 * button where there is none). A page brings more of every list, so matches grow as either tab
 * scrolls. After each page the observer starts again: a sentinel still in view loads the next.
 */
function MoreLikes({ more, loading, failed, load }: { more: boolean; loading: boolean; failed: boolean; load: () => void }) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const observed = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !observed || !more || loading || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [observed, more, loading, failed, load]);
  if (!more) return null;
  return (
    <div ref={sentinel} className={l.more}>
      {failed ? (
        <>
          <p role="alert">{t('errors.generic')}</p>
          <button type="button" className={button.outline} onClick={load}>
            {t('likes.retry')}
          </button>
        </>
      ) : loading ? (
        <p role="status" className={f.small}>
          {t('likes.loading_more')}
        </p>
      ) : (
        !observed && (
          <button type="button" className={button.outline} onClick={load}>
            {t('likes.load_more')}
          </button>
        )
      )}
    </div>
  );
}

function LikesList({ tab, likes }: { tab: LikeTab; likes: LikesView }) {
  const t = useT();
  const cards = likes[tab];
  if (cards.length === 0) {
    return (
      <div className={l.empty}>
        <p>{t(`likes.empty_${tab}`)}</p>
        <Link to={tab === 'received' ? '/profile' : '/members'} className={button.primary}>
          {tab === 'received' ? t('my_profile.title') : t('likes.search')}
        </Link>
      </div>
    );
  }
  return (
    <ul className={c.grid}>
      {cards.map((card) => (
        <MemberCard
          key={card.id}
          card={card}
          to={`/likes/m/${card.id}`}
          flag={tab !== 'given' && likes.fresh.has(card.id) ? t('likes.new') : undefined}
          action={{ to: `/members/${card.id}/chat`, label: t('likes.message', { name: card.name }) }}
        />
      ))}
    </ul>
  );
}
