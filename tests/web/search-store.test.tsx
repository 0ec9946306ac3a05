import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberPage } from '../../web/features/profiles/member-page';
import { MembersPage } from '../../web/features/profiles/members-page';
import { pageWindow } from '../../web/features/profiles/pagination';
import { defaultFilters } from '../../web/features/profiles/search-filters';
import { wantedGender } from '../../worker/contracts/niches';
import { goToPage, rememberScroll, resetSearch, searchFor, searchStore, setFilters } from '../../web/features/profiles/search-store';
import { setUser } from '../../web/lib/user';
import type { SearchAnswer } from '../../worker/contracts/profiles';
import { card, fakeApi, member, renderApp, type Call } from './account-helpers';

const answer = (ids: number[], over: Partial<SearchAnswer> = {}): SearchAnswer => ({
  results: ids.map((id) => card(id)),
  numResults: ids.length,
  page: 1,
  pages: 1,
  similar: [],
  similar_numResults: 0,
  ...over,
});
const settings = {
  geoip_selected_country: 'NL',
  min_age: 18,
  search_fields: ['hair_colour' as const],
  niche: 1 as const,
  countries: [
    { code: 'NL', locales: ['nl'], name: 'Nederland' },
    { code: 'BE', locales: ['nl', 'fr', 'de'], name: 'België' },
  ],
};

beforeEach(() => resetSearch());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => setUser(null));
});

describe('search state store (spec section 3)', () => {
  it('starts a member search from defaults and keeps it for the same member only', () => {
    const first = searchFor(7, () => ({ gender: 'female' }));
    expect(first).toMatchObject({ owner: 7, filters: { gender: 'female' }, page: 1, scrollY: 0 });
    expect(searchFor(7, () => ({ gender: 'male' })).filters).toBe(first.filters);
    expect(searchFor(8, () => ({ gender: 'male' })).filters).toEqual({ gender: 'male' });
  });

  it('keeps the page and the scroll position; new filters start over on page 1', () => {
    searchFor(1, () => ({ gender: 'female' }));
    goToPage(2);
    rememberScroll(400);
    expect(searchStore.get()).toMatchObject({ page: 2, scrollY: 400 });
    setFilters({ gender: 'male' });
    expect(searchStore.get()).toMatchObject({ page: 1, scrollY: 0, filters: { gender: 'male' } });
  });

  it('derives the first filters from the member', () => {
    expect(wantedGender(1, { gender: 'male', sexuality: 'hetero' })).toBe('female');
    expect(wantedGender(1, { gender: 'male', sexuality: null })).toBe('female');
    expect(wantedGender(1, { gender: 'male', sexuality: 'gay' })).toBe('male');
    expect(wantedGender(1, { gender: 'female', sexuality: 'lesbian' })).toBe('female');
    expect(wantedGender(1, { gender: 'female', sexuality: 'bi' })).toBeNull();
    expect(defaultFilters(member({ profile: { ...member().profile, sexuality: 'bi' } }), settings).gender).toBe('');
    // the gay and older men's sites: men, whatever the member's sexuality (issue 13: a new man on the gay site saw 0)
    for (const sexuality of [null, 'hetero', 'gay', 'bi'] as const) expect(wantedGender(7, { gender: 'male', sexuality })).toBe('male');
    expect(
      defaultFilters(member({ profile: { ...member().profile, gender: 'male', sexuality: null } }), { ...settings, niche: 7 }).gender,
    ).toBe('male');
    expect(wantedGender(6, { gender: 'female', sexuality: 'hetero' })).toBe('male');
    const user = member({ profile: { ...member().profile, country: 'BE' } });
    expect(defaultFilters(user, settings)).toEqual({
      gender: 'female',
      country: 'BE',
      region: '',
      min_age: '18',
      max_age: '99',
      hair_colour: '',
    });
    expect(defaultFilters(null, settings).country).toBe('NL');
    // a country this site does not serve falls back to the visitor's
    expect(defaultFilters(member({ profile: { ...member().profile, country: 'GB' } }), settings).country).toBe('NL');
    // visitors of the men's niches see men
    expect(defaultFilters(null, { ...settings, niche: 7 }).gender).toBe('male');
    expect(defaultFilters(null, { ...settings, niche: 6 }).gender).toBe('male');
    expect(defaultFilters(null, settings).gender).toBe('female');
  });

  it('offers first, last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      terug
    </button>
  );
}

describe('members search screen', () => {
  it('restores the cached list when coming back from a profile, and drops a blocked member', async () => {
    act(() => setUser(member({ profile: { ...member().profile, country: 'NL', sexuality: 'hetero' } })));
    let blocked = false;
    const calls = fakeApi({
      'GET /api/members.php': () => ({
        status: 200,
        body: answer(blocked ? [12] : [11, 12], blocked ? {} : { similar: [card(9)], similar_numResults: 1 }),
      }),
      'GET /api/member.php': { status: 200, body: { profile: { ...card(11), photos: [], photo_count: 0, blocked: false } } },
      'POST /api/block.php': () => ((blocked = true), { status: 200, body: { blocked: true } }),
      'GET /api/regions.php': { status: 200, body: { regions: { NL: [] } } },
      'GET /api/interests.php': { status: 200, body: { interests: [] } },
    });
    await renderApp(
      <>
        <Back />
        <Routes>
          <Route path="/members" element={<MembersPage />} />
          <Route path="/members/:id" element={<MemberPage />} />
        </Routes>
      </>,
      '/members',
    );
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 2' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Vergelijkbare profielen' })).toBeTruthy();
    const search = calls.filter((c) => c.path.startsWith('/api/members.php'));
    expect(search).toHaveLength(1);
    expect(search[0]!.path).toBe('/api/members.php?gender=female&country=NL&min_age=18&max_age=99&page=1');

    fireEvent.click(screen.getByRole('link', { name: /Lid 11/ }));
    expect(await screen.findByRole('heading', { name: 'Lid 11', level: 1 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'terug' }));
    expect(screen.getByRole('heading', { name: 'Gevonden leden: 2' })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/members.php'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('link', { name: /Lid 11/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ja, blokkeren' }));
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 1' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ id: 11 });
    expect(screen.queryByRole('link', { name: /Lid 11/ })).toBeNull();
  });
});

describe('search answers (spec section 3, "Search state")', () => {
  const searches = (calls: Call[]) =>
    calls.filter((c) => c.path.startsWith('/api/members.php')).map((c) => c.path.replace('/api/members.php?', ''));
  const visitor = () => act(() => setUser(null));
  const search = () =>
    renderApp(
      <>
        <Back />
        <Routes>
          <Route path="/members" element={<MembersPage />} />
          <Route path="/members/:id" element={<MemberPage />} />
        </Routes>
      </>,
      '/members',
    );

  it('keeps the answers by page: a page seen before shows again without a request; new filters start over on page 1', async () => {
    visitor();
    const calls = fakeApi({
      'GET /api/members.php': ({ path }) => {
        const page = Number(new URL(path, 'http://x').searchParams.get('page'));
        return { status: 200, body: answer([page * 10 + 1], { page, pages: 2, numResults: 21 }) };
      },
      'GET /api/regions.php': { status: 200, body: { regions: { NL: [] } } },
    });
    await search();
    expect(await screen.findByRole('link', { name: /Lid 11/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('link', { name: /Lid 21/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 1' }));
    expect(screen.getByRole('link', { name: /Lid 11/ })).toBeTruthy();
    expect(searches(calls)).toEqual([
      'gender=female&country=NL&min_age=18&max_age=99&page=1',
      'gender=female&country=NL&min_age=18&max_age=99&page=2',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('link', { name: /Lid 21/ });
    fireEvent.change(screen.getByLabelText('Geslacht'), { target: { value: 'male' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByRole('link', { name: /Lid 11/ })).toBeTruthy();
    expect(searchStore.get().page).toBe(1);
    expect(searches(calls).at(-1)).toBe('gender=male&country=NL&min_age=18&max_age=99&page=1');
  });

  it('never shows an answer for filters that changed while it was under way', async () => {
    visitor();
    const held: (() => void)[] = [];
    fakeApi({
      'GET /api/regions.php': { status: 200, body: { regions: { NL: [] } } },
    });
    const served = fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname !== '/api/members.php') return served(input, init);
      const body = url.searchParams.get('gender') === 'female' ? answer([1, 2]) : answer([3]);
      return new Promise<Response>((r) => held.push(() => r(new Response(JSON.stringify(body), { status: 200 }))));
    });
    await search();
    await screen.findByRole('status');
    expect(held).toHaveLength(1);
    // (the form is busy meanwhile: the filters change from elsewhere)
    act(() => setFilters({ ...searchStore.get().filters!, gender: 'male' }));
    expect(held).toHaveLength(2);
    await act(async () => held[0]!());
    expect(screen.queryByRole('link', { name: /Lid 1/ })).toBeNull();
    await act(async () => held[1]!());
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Lid 3/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Lid 1/ })).toBeNull();
  });

  it('forgets the answers after a block, keeps filters and page: the page is asked again, from its top', async () => {
    act(() => setUser(member({ profile: { ...member().profile, country: 'NL', sexuality: 'hetero' } })));
    let blocked = false;
    const calls = fakeApi({
      'GET /api/members.php': ({ path }) => {
        const page = Number(new URL(path, 'http://x').searchParams.get('page'));
        const ids = page === 1 ? [11] : blocked ? [22] : [21, 22];
        return { status: 200, body: answer(ids, { page, pages: 2, numResults: blocked ? 2 : 3 }) };
      },
      'GET /api/member.php': { status: 200, body: { profile: { ...card(21), photos: [], blocked: false, liked: false, likes_me: false } } },
      'POST /api/block.php': () => ((blocked = true), { status: 200, body: { blocked: true } }),
      'GET /api/regions.php': { status: 200, body: { regions: { NL: [] } } },
      'GET /api/interests.php': { status: 200, body: { interests: [] } },
    });
    await search();
    await screen.findByRole('link', { name: /Lid 11/ });
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    fireEvent.click(await screen.findByRole('link', { name: /Lid 21/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ja, blokkeren' }));
    expect(await screen.findByRole('heading', { name: 'Gevonden leden: 2' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Lid 21/ })).toBeNull();
    expect(searchStore.get()).toMatchObject({ page: 2, scrollY: 0, filters: { gender: 'female' } });
    expect(searches(calls).map((q) => q.replace(/.*page=/, 'page='))).toEqual(['page=1', 'page=2', 'page=2']);
  });
});
