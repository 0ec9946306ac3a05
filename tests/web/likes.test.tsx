import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LikeOverlay } from '../../web/features/likes/like-overlay';
import { LikeOverlayHost, START_CONVERSATION_KEY } from '../../web/features/likes/like-overlay-host';
import { closeLikeOverlay } from '../../web/features/likes/like-overlay-store';
import { LikesPage } from '../../web/features/likes/likes-page';
import { likeOverlayDelay, withoutParam } from '../../web/features/likes/likes.rules';
import { SwipePage } from '../../web/features/likes/swipe-page';
import { MemberPage } from '../../web/features/profiles/member-page';
import { MemberSync } from '../../web/app/layouts/member-sync';
import { useRequestsInFlight } from '../../web/lib/activity';
import { badgeCount, titleWithCount } from '../../web/lib/app-badge';
import { getLikesQueryOptions, likesQueryKey, refreshLikes, updateLikes } from '../../web/lib/calls/get-likes';
import { badgeText, deriveLikes, likeChanged, likeSeen, withoutMember, type LikesData } from '../../web/lib/likes';
import { queryClient } from '../../web/lib/query-client';
import { logout } from '../../web/lib/session';
import { setUser } from '../../web/lib/user';
import type { LikesAnswer } from '../../worker/contracts/likes';
import { card, fakeApi, member, renderApp } from './account-helpers';

/** A live connection that never opens (the server is not there), and one that opens at once. */
class SilentSocket {
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  send() {}
  close() {}
}
class OpenSocket extends SilentSocket {
  static made = 0;
  constructor() {
    super();
    OpenSocket.made++;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
}

const answer = (): LikesAnswer => ({
  profiles: [card(1), card(2), card(3), card(4)],
  // the server's order: new first, then newest first
  liked_by: [
    { id: 2, like_new: true },
    { id: 1, like_new: false },
    { id: 3, like_new: false },
  ],
  liked: [{ id: 4 }, { id: 3 }],
  liked_by_next: null,
  liked_next: null,
});
/** Pages as the infinite query holds them. */
const pages = (...list: LikesAnswer[]): LikesData => ({
  pages: list,
  pageParams: list.map((_, i) => (i ? { liked_by: `c${i}`, liked: null } : null)),
});

/** The likes held for the member (React Query's cache), derived. */
const held = () => deriveLikes(queryClient.getQueryData<LikesData>(likesQueryKey)!);
const loadLikes = () => queryClient.fetchInfiniteQuery(getLikesQueryOptions());
const overlay = async () => LikeOverlay;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => {
    closeLikeOverlay();
    setUser(null);
  });
});

describe('likes derivations (spec sections 3 and 4)', () => {
  it('splits received, given and matches; counts new likes; new likes first', () => {
    const view = deriveLikes(pages(answer()));
    expect(view.received.map((c) => c.id)).toEqual([2, 1, 3]);
    expect(view.given.map((c) => c.id)).toEqual([4, 3]);
    expect(view.matches.map((c) => c.id)).toEqual([3]);
    expect(view.newLikes).toBe(1);
    expect([...view.fresh]).toEqual([2]);
  });

  it('keeps new likes first (stable) and skips ids without a profile', () => {
    const view = deriveLikes(
      pages({
        profiles: [card(1), card(2), card(3)],
        liked_by: [
          { id: 1, like_new: false },
          { id: 3, like_new: true },
          { id: 9, like_new: true },
          { id: 2, like_new: true },
        ],
        liked: [{ id: 8 }],
        liked_by_next: null,
        liked_next: null,
      }),
    );
    expect(view.received.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(view.given).toEqual([]);
    expect(view.newLikes).toBe(2);
  });

  it('joins the pages: each like once (its first place), the more flags of the last page, local changes on the right page', () => {
    const first: LikesAnswer = {
      profiles: [card(1), card(2), card(4)],
      liked_by: [
        { id: 2, like_new: true },
        { id: 1, like_new: false },
      ],
      liked: [{ id: 4 }],
      liked_by_next: 'c1',
      liked_next: 'g1',
    };
    // page 2: more received likes (2 again, seen meanwhile), the given list has ended
    const second: LikesAnswer = {
      profiles: [card(2), card(3), card(5)],
      liked_by: [
        { id: 3, like_new: false },
        { id: 2, like_new: false },
      ],
      liked: [{ id: 5 }, { id: 3 }],
      liked_by_next: 'c2',
      liked_next: null,
    };
    const data = pages(first, second);
    const view = deriveLikes(data);
    expect(view.received.map((c) => c.id)).toEqual([2, 1, 3]);
    expect(view.given.map((c) => c.id)).toEqual([4, 5, 3]);
    expect(view.matches.map((c) => c.id)).toEqual([3]);
    expect(view.more).toEqual({ received: true, given: false });
    expect(deriveLikes(pages({ ...second, liked_by_next: null })).more).toEqual({ received: false, given: false });

    expect(deriveLikes(likeSeen(2)(data)).newLikes).toBe(0);
    expect(likeSeen(1)(data)).toBe(data);
    // a new like is the newest: page 1; an unlike finds it on any page
    const liked = likeChanged(card(1), true)(data);
    expect(liked.pages[0]!.liked.map((l) => l.id)).toEqual([1, 4]);
    expect(liked.pages[1]).toBe(second);
    expect(deriveLikes(likeChanged(card(3), false)(data)).matches).toEqual([]);
    expect(likeChanged(card(5), true)(data)).toBe(data);
    const blocked = withoutMember(3)(data);
    expect(blocked.pages[0]).toBe(first);
    expect(deriveLikes(blocked).received.map((c) => c.id)).toEqual([2, 1]);
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('updates the likes held locally: seen, liked, unliked, blocked; only for their member', async () => {
    act(() => setUser(member({ id: 7 })));
    fakeApi({ 'GET /api/likes.php': { status: 200, body: answer() } });
    await loadLikes();
    const change = (edit: (d: LikesData) => LikesData) => updateLikes(queryClient, edit);

    await change(likeSeen(2));
    expect(held().newLikes).toBe(0);
    await change(likeChanged(card(1), true));
    expect(held().given.map((c) => c.id)).toEqual([1, 4, 3]);
    expect(held().matches.map((c) => c.id)).toEqual([1, 3]);
    await change(likeChanged(card(3), false));
    expect(held().matches.map((c) => c.id)).toEqual([1]);
    await change(likeChanged(card(5), true));
    expect(held().given.map((c) => c.id)).toEqual([5, 1, 4]);
    await change(withoutMember(1));
    expect(held().received.map((c) => c.id)).toEqual([2, 3]);
    expect(held().given.map((c) => c.id)).toEqual([5, 4]);

    // another member logs in: these likes are not theirs
    act(() => setUser(member({ id: 8 })));
    expect(queryClient.getQueryData(likesQueryKey)).toBeUndefined();
    await change(likeSeen(3));
    expect(queryClient.getQueryData(likesQueryKey)).toBeUndefined();
  });

  it('a refresh that was under way during a local change does not undo it', async () => {
    act(() => setUser(member({ id: 7 })));
    let release: () => void = () => {};
    fakeApi({ 'GET /api/likes.php': { status: 200, body: answer() } });
    await loadLikes();
    vi.stubGlobal(
      'fetch',
      () => new Promise<Response>((r) => (release = () => r(new Response(JSON.stringify(answer()), { status: 200 })))),
    );
    const refresh = refreshLikes(queryClient);
    await updateLikes(queryClient, likeSeen(2));
    release();
    await refresh;
    expect(held().newLikes).toBe(0);
    // the next refresh brings the server's state again
    fakeApi({ 'GET /api/likes.php': { status: 200, body: answer() } });
    await refreshLikes(queryClient);
    expect(held().newLikes).toBe(1);
  });
});

describe('the t parameter and the title (spec sections 2 and 4)', () => {
  it('opens the overlay after t seconds when t is numeric', () => {
    expect(likeOverlayDelay('?t=2')).toBe(2000);
    expect(likeOverlayDelay('?a=1&t=0')).toBe(0);
    expect(likeOverlayDelay('?t=1.5')).toBe(1500);
    expect(likeOverlayDelay('')).toBeNull();
    expect(likeOverlayDelay('?t=')).toBeNull();
    expect(likeOverlayDelay('?t=abc')).toBeNull();
    expect(likeOverlayDelay('?t=-3')).toBeNull();
    expect(likeOverlayDelay('?t=2s')).toBeNull();
    expect(likeOverlayDelay('?t=1e3')).toBeNull();
    expect(likeOverlayDelay('?t=99999999999')).toBe(2 ** 31 - 1);
  });

  it('removes t and keeps the other parameters', () => {
    expect(withoutParam('?t=2', 't')).toBe('');
    expect(withoutParam('?network=x&t=2&ref=y', 't')).toBe('?network=x&ref=y');
    expect(withoutParam('?ref=y', 't')).toBe('?ref=y');
  });

  it('puts unread messages plus new likes in brackets before the title', () => {
    expect(badgeCount(0, 3)).toBe(3);
    expect(badgeCount(2, 3)).toBe(5);
    expect(titleWithCount('Vonkje', 3)).toBe('(3) Vonkje');
    expect(titleWithCount('(3) Vonkje', 4)).toBe('(4) Vonkje');
    expect(titleWithCount('(3) Vonkje', 0)).toBe('Vonkje');
    expect(titleWithCount('Vonkje', 0)).toBe('Vonkje');
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

describe('likes page', () => {
  it('shows the received likes with a "Nieuw" label, tabs with aria-current, and empty states', async () => {
    act(() => setUser(member()));
    const calls = fakeApi({ 'GET /api/likes.php': { status: 200, body: { ...answer(), liked: [] } } });
    await renderApp(
      <Routes>
        <Route path="/likes/:type?" element={<LikesPage />} />
      </Routes>,
      '/likes',
    );
    const grid = await screen.findByRole('region', { name: 'Ontvangen' });
    const links = (await within(grid).findAllByRole('link')).filter((l) => l.getAttribute('href')!.startsWith('/likes/m/'));
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/likes/m/2', '/likes/m/1', '/likes/m/3']);
    // each card has a message button that opens the conversation
    expect(within(grid).getByRole('link', { name: 'Stuur Lid 2 een bericht' }).getAttribute('href')).toBe('/members/2/chat');
    expect(within(links[0]!).getByText('Nieuw')).toBeTruthy();
    expect(within(links[1]!).queryByText('Nieuw')).toBeNull();
    const tabs = within(screen.getByRole('navigation', { name: 'Soorten likes' }));
    expect(tabs.getByRole('link', { name: /Ontvangen/ }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: 'Gegeven' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(tabs.getByRole('link', { name: 'Matches' }));
    expect(await screen.findByText(/Nog geen matches/)).toBeTruthy();
    expect(tabs.getByRole('link', { name: 'Matches' }).getAttribute('aria-current')).toBe('page');
    expect(calls.filter((c) => c.path === '/api/likes.php')).toHaveLength(1);
  });

  it("opening a liker's profile clears the new flag locally; liking back shows the match overlay", async () => {
    act(() => setUser(member()));
    const calls = fakeApi({
      'GET /api/likes.php': { status: 200, body: answer() },
      'GET /api/member.php': { status: 200, body: { profile: { ...card(2), photos: [], blocked: false, liked: false, likes_me: true } } },
      'POST /api/like.php': { status: 200, body: { liked: true, match: true } },
      'GET /api/regions.php': { status: 200, body: { regions: { NL: [] } } },
      'GET /api/interests.php': { status: 200, body: { interests: [] } },
    });
    await loadLikes();
    expect(held().newLikes).toBe(1);
    await renderApp(
      <Routes>
        <Route path="/likes/m/:id" element={<MemberPage />} />
      </Routes>,
      '/likes/m/2',
    );
    expect(await screen.findByRole('heading', { name: 'Lid 2', level: 1 })).toBeTruthy();
    expect(held().newLikes).toBe(0);
    expect(screen.getByRole('link', { name: 'Terug naar likes' })).toBeTruthy();
    expect(screen.getByText('Lid 2 vindt jou leuk!')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Liken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Het is een match!' });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ id: 2 });
    expect(screen.getByRole('button', { name: 'Geliket' }).getAttribute('aria-pressed')).toBe('true');
    expect(held().matches.map((c) => c.id)).toEqual([2, 3]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verder kijken' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** An IntersectionObserver the test drives: `show()` puts every observed element in view. */
class FakeObserver {
  static all = new Set<FakeObserver>();
  elements = new Set<Element>();
  constructor(private callback: IntersectionObserverCallback) {}
  observe(el: Element) {
    this.elements.add(el);
    FakeObserver.all.add(this);
  }
  disconnect() {
    FakeObserver.all.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static show() {
    for (const o of [...FakeObserver.all])
      o.callback(
        [...o.elements].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
  }
}

describe('likes page, more on scroll', () => {
  it('loads the next page of both lists when the end of the list comes into view, until the lists end', async () => {
    act(() => setUser(member()));
    FakeObserver.all.clear();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    const page = (received: number[], given: number[], next: [string | null, string | null]): LikesAnswer => ({
      profiles: [...received, ...given].map((id) => card(id)),
      liked_by: received.map((id) => ({ id, like_new: id === 1 })),
      liked: given.map((id) => ({ id })),
      liked_by_next: next[0],
      liked_next: next[1],
    });
    const calls = fakeApi({
      'GET /api/likes.php': (call) => {
        const q = new URL(call.path, 'http://x').searchParams;
        if (!q.size) return { status: 200, body: page(ids(1, 10), ids(1001, 10), ['r1', 'g1']) };
        if (q.get('liked_by_after') === 'r1' && q.get('liked_after') === 'g1')
          return { status: 200, body: page(ids(11, 10), ids(1011, 3), ['r2', null]) };
        if (q.get('liked_by_after') === 'r2' && !q.has('liked_after')) return { status: 200, body: page(ids(21, 2), [], [null, null]) };
        return { status: 400, body: { error: 'invalid_request', message: 'Ongeldig verzoek.' } };
      },
    });
    await renderApp(
      <Routes>
        <Route path="/likes/:type?" element={<LikesPage />} />
      </Routes>,
      '/likes',
    );
    const grid = await screen.findByRole('region', { name: 'Ontvangen' });
    const cards = () =>
      within(grid)
        .getAllByRole('link')
        .filter((l) => l.getAttribute('href')!.startsWith('/likes/m/'));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(calls.filter((c) => c.path.startsWith('/api/likes.php'))).toHaveLength(1);

    act(() => FakeObserver.show());
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(cards()[10]!.getAttribute('href')).toBe('/likes/m/11');
    expect(calls.map((c) => c.path)).toContain('/api/likes.php?liked_by_after=r1&liked_after=g1');

    // the given tab has ended (13): no sentinel there; the received one goes on
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Soorten likes' })).getByRole('link', { name: 'Gegeven' }));
    const given = await screen.findByRole('region', { name: 'Gegeven' });
    expect(
      within(given)
        .getAllByRole('link')
        .filter((l) => l.getAttribute('href')!.startsWith('/likes/m/')),
    ).toHaveLength(13);
    expect(FakeObserver.all.size).toBe(0);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Soorten likes' })).getByRole('link', { name: /Ontvangen/ }));
    const received = await screen.findByRole('region', { name: 'Ontvangen' });
    act(() => FakeObserver.show());
    await waitFor(() =>
      expect(
        within(received)
          .getAllByRole('link')
          .filter((l) => l.getAttribute('href')!.startsWith('/likes/m/')),
      ).toHaveLength(22),
    );
    expect(calls.map((c) => c.path)).toContain('/api/likes.php?liked_by_after=r2');
    // the end: nothing more is observed or asked
    expect(FakeObserver.all.size).toBe(0);
    act(() => FakeObserver.show());
    expect(calls.filter((c) => c.path.startsWith('/api/likes.php'))).toHaveLength(3);
  });

  it('without IntersectionObserver a button loads the next page', async () => {
    act(() => setUser(member()));
    vi.stubGlobal('IntersectionObserver', undefined);
    const calls = fakeApi({
      'GET /api/likes.php': (call) =>
        call.path === '/api/likes.php'
          ? { status: 200, body: { ...answer(), liked_by_next: 'r1' } }
          : {
              status: 200,
              body: { profiles: [card(7)], liked_by: [{ id: 7, like_new: false }], liked: [], liked_by_next: null, liked_next: null },
            },
    });
    await renderApp(
      <Routes>
        <Route path="/likes/:type?" element={<LikesPage />} />
      </Routes>,
      '/likes',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Meer likes laden' }));
    expect(await screen.findByRole('link', { name: /^(?!Stuur).*Lid 7/ })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/likes.php', '/api/likes.php?liked_by_after=r1']);
    expect(screen.queryByRole('button', { name: 'Meer likes laden' })).toBeNull();
  });

  it('a failed page shows the error and a retry that loads it', async () => {
    act(() => setUser(member()));
    FakeObserver.all.clear();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    let fail = true;
    fakeApi({
      'GET /api/likes.php': (call) =>
        call.path === '/api/likes.php'
          ? { status: 200, body: { ...answer(), liked_by_next: 'r1' } }
          : fail
            ? { status: 429, body: { error: 'rate_limited', message: 'Te veel verzoeken.' } }
            : {
                status: 200,
                body: { profiles: [card(7)], liked_by: [{ id: 7, like_new: false }], liked: [], liked_by_next: null, liked_next: null },
              },
    });
    await renderApp(
      <Routes>
        <Route path="/likes/:type?" element={<LikesPage />} />
      </Routes>,
      '/likes',
    );
    await screen.findByRole('link', { name: /^(?!Stuur).*Lid 2/ });
    act(() => FakeObserver.show());
    const retry = await screen.findByRole('button', { name: 'Opnieuw proberen' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: /^(?!Stuur).*Lid 7/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
  });
});

describe('like overlay', () => {
  it('opens after t seconds, removes t from the URL, reloads likes after 500 ms; the button sets the start-conversation flag and opens the conversation', async () => {
    act(() => setUser(member()));
    const calls = fakeApi({
      'GET /api/auto-like.php': { status: 200, body: { id: 42, name: 'Sanne', age: 29, main_image: { match: 's.jpg' } } },
      'GET /api/likes.php': { status: 200, body: answer() },
      'GET /api/member.php': { status: 404, body: { error: 'not_found_generic', message: 'Niet gevonden.' } },
    });
    await renderApp(
      <>
        <LikeOverlayHost load={overlay} />
        <Where />
        <Routes>
          <Route path="*" element={null} />
        </Routes>
      </>,
      '/members?network=x&t=0.05',
    );
    const dialog = await screen.findByRole('dialog', { name: 'New like!' });
    // t leaves the URL as the overlay opens (the same render, or the next on a busy machine)
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/members?network=x'));
    expect(within(dialog).getByText('Sanne vindt jou leuk!')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/likes.php')).toBe(true), { timeout: 2000 });

    fireEvent.click(within(dialog).getByRole('button', { name: /Stuur een bericht/ }));
    expect(sessionStorage.getItem(START_CONVERSATION_KEY)).toBe('42');
    expect(screen.getByTestId('where').textContent).toBe('/members/42/chat');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the photo opens the profile; a click anywhere on it closes it', async () => {
    act(() => setUser(member()));
    fakeApi({
      'GET /api/auto-like.php': { status: 200, body: { id: 5, name: 'Eva', main_image: null } },
      'GET /api/likes.php': { status: 200, body: answer() },
    });
    await renderApp(
      <>
        <LikeOverlayHost load={overlay} />
        <Where />
      </>,
      '/?t=0',
    );
    const dialog = await screen.findByRole('dialog', { name: 'New like!' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bekijk het profiel van Eva' }));
    expect(screen.getByTestId('where').textContent).toBe('/members/5');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed when there is no automatic like', async () => {
    act(() => setUser(member()));
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await renderApp(<LikeOverlayHost load={overlay} />, '/?t=0');
    await waitFor(() => expect(calls).toContain('/api/auto-like.php'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('swipe game', () => {
  it('likes and passes by button and keyboard; at 0 likes left no next card and no Like button: the reason and the way to search', async () => {
    act(() => setUser(member()));
    const calls = fakeApi({
      'GET /api/swipe.php': { status: 200, body: { profile: card(11), likes_left: 2 } },
      'POST /api/swipe.php': (call) => {
        const { action, id } = call.body as { action: string; id: number };
        if (action === 'pass') return { status: 200, body: { liked: false, match: false, likes_left: 2, next: card(id + 1) } };
        return { status: 200, body: { liked: true, match: false, likes_left: id === 12 ? 1 : 0, next: card(id + 1) } };
      },
    });
    await renderApp(<SwipePage />, '/swipe-game');
    expect(await screen.findByRole('article', { name: 'Profiel van Lid 11' })).toBeTruthy();
    expect(screen.getByText('Likes over vandaag: 2')).toBeTruthy();

    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByRole('article', { name: 'Profiel van Lid 12' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('article', { name: 'Profiel van Lid 13' })).toBeTruthy();
    expect(screen.getByText('Likes over vandaag: 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Liken' }));
    expect(await screen.findByRole('heading', { name: 'Je likes voor vandaag zijn op' })).toBeTruthy();
    expect(screen.getByText('Je hebt vandaag al je 4 likes gegeven. Morgen kun je weer swipen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leden zoeken' }).getAttribute('href')).toBe('/members');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Liken' })).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { id: 11, action: 'pass' },
      { id: 12, action: 'like' },
      { id: 13, action: 'like' },
    ]);
  });

  it('a 429 (the day’s likes used in another tab) ends the game with the server’s message', async () => {
    act(() => setUser(member()));
    const limit = 'Je hebt vandaag al je 4 likes gegeven. Morgen kun je weer swipen.';
    fakeApi({
      'GET /api/swipe.php': { status: 200, body: { profile: card(11), likes_left: 3 } },
      'POST /api/swipe.php': { status: 429, body: { error: 'swipe_limit', message: limit } },
    });
    await renderApp(<SwipePage />, '/swipe-game');
    fireEvent.click(await screen.findByRole('button', { name: 'Liken' }));
    expect(await screen.findByRole('heading', { name: 'Je likes voor vandaag zijn op' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(limit);
    expect(screen.queryByRole('article')).toBeNull();
  });
});

function InFlight() {
  return <output data-testid="in-flight">{useRequestsInFlight()}</output>;
}

describe('likes held by the query cache (spec sections 7 and 9)', () => {
  afterEach(() => vi.useRealTimers());

  it('without a live connection: likes, chats and the user refresh 5 s after mount, then every 60 s; only the first load moves the progress bar; the title counts both', async () => {
    act(() => setUser(member({ unread_messages: 4 })));
    vi.stubGlobal('WebSocket', SilentSocket);
    const calls: string[] = [];
    const answers: (() => void)[] = [];
    const chats = { chats: [], next: null, more: false, total_unread: 2 };
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      calls.push(String(input));
      const body = String(input).startsWith('/api/chats.php')
        ? chats
        : String(input).startsWith('/api/user.php')
          ? { user: member({ unread_messages: 2 }) }
          : answer();
      return new Promise<Response>((r) => answers.push(() => r(new Response(JSON.stringify(body), { status: 200 }))));
    });
    vi.useFakeTimers();
    await renderApp(
      <>
        <MemberSync />
        <InFlight />
      </>,
    );
    const inFlight = () => screen.getByTestId('in-flight').textContent;
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const answerAll = () => answers.splice(0).forEach((a) => a());

    // at first the unread messages of the inlined user
    expect(document.title).toMatch(/^\(4\)/);
    await wait(4_999);
    expect(calls).toEqual([]);
    await wait(1);
    expect(calls).toEqual(['/api/likes.php', '/api/chats.php']);
    expect(inFlight()).toBe('2');
    answerAll();
    await wait(0);
    expect(inFlight()).toBe('0');
    // 2 unread messages plus 1 new like
    expect(document.title).toMatch(/^\(3\)/);

    await wait(59_999);
    expect(calls).toHaveLength(2);
    await wait(1);
    expect([...calls.slice(2)].sort()).toEqual(['/api/chats.php', '/api/likes.php', '/api/user.php']);
    expect(inFlight()).toBe('0');
    answerAll();
    await wait(60_000);
    expect(calls).toHaveLength(8);
    expect(inFlight()).toBe('0');
  });

  it('with the live connection open only the likes are polled: chats and the user come by live events', async () => {
    act(() => setUser(member()));
    OpenSocket.made = 0;
    vi.stubGlobal('WebSocket', OpenSocket);
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const body = String(input).startsWith('/api/chats.php') ? { chats: [], next: null, more: false, total_unread: 0 } : answer();
      return new Response(JSON.stringify(body), { status: 200 });
    });
    vi.useFakeTimers();
    await renderApp(<MemberSync />);
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await wait(5_000);
    expect(OpenSocket.made).toBe(1);
    expect(calls.sort()).toEqual(['/api/chats.php', '/api/likes.php']);
    await wait(120_000);
    expect(calls.filter((c) => c === '/api/likes.php')).toHaveLength(3);
    expect(calls.filter((c) => c !== '/api/likes.php')).toEqual(['/api/chats.php']);
  });

  it("a logout or another member empties the cache: the next member never sees the previous one's likes", async () => {
    act(() => setUser(member({ id: 7 })));
    let body = answer();
    fakeApi({
      'GET /api/likes.php': () => ({ status: 200, body }),
      'GET /api/logout.php': { status: 200, body: { ok: true } },
    });
    await renderApp(
      <Routes>
        <Route path="/likes/:type?" element={<LikesPage />} />
      </Routes>,
      '/likes',
    );
    expect(await screen.findByRole('link', { name: /^(?!Stuur).*Lid 2/ })).toBeTruthy();

    body = { profiles: [card(9)], liked_by: [{ id: 9, like_new: true }], liked: [], liked_by_next: null, liked_next: null };
    act(() => setUser(member({ id: 8 })));
    expect(await screen.findByRole('link', { name: /^(?!Stuur).*Lid 9/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Lid 2/ })).toBeNull();

    await act(() => logout());
    expect(queryClient.getQueryData(likesQueryKey)).toBeUndefined();
  });
});
