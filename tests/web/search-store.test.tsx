import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberCard, SearchAnswer } from '../../web/features/profiles/api/members';
import { MemberPage } from '../../web/features/profiles/member-page';
import { MembersPage } from '../../web/features/profiles/members-page';
import { pageWindow } from '../../web/features/profiles/pagination';
import { defaultFilters, wantedGender } from '../../web/features/profiles/search-filters';
import { forgetResults, goToPage, putPage, rememberScroll, resetSearch, searchFor, searchStore, setFilters } from '../../web/features/profiles/search-store';
import { setUser } from '../../web/lib/user';
import { fakeApi, member, renderApp } from './account-helpers';

const card = (id: number, over: Partial<MemberCard> = {}): MemberCard => ({
  id, name: `Lid ${id}`, age: 30, city: 'Utrecht', region: 'NL-UT', country: 'NL', fictional: false, photo_count: 0, main_image: null, ...over,
});
const answer = (ids: number[], over: Partial<SearchAnswer> = {}): SearchAnswer => ({
  results: ids.map((id) => card(id)), numResults: ids.length, page: 1, pages: 1, similar: [], similar_numResults: 0, ...over,
});
const settings = {
  geoip_selected_country: 'NL',
  min_age: 18,
  search_fields: ['hair_colour' as const],
  niche: 1 as const,
  countries: [{ code: 'NL', locales: ['nl'] }, { code: 'BE', locales: ['nl', 'fr', 'de'] }],
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
    expect(first).toMatchObject({ owner: 7, filters: { gender: 'female' }, page: 1, pages: {} });
    expect(searchFor(7, () => ({ gender: 'male' })).filters).toBe(first.filters);
    expect(searchFor(8, () => ({ gender: 'male' })).filters).toEqual({ gender: 'male' });
  });

  it('caches answers by page; new filters start over on page 1', () => {
    const { filters } = searchFor(1, () => ({ gender: 'female' }));
    putPage(filters!, 1, answer([1, 2]));
    goToPage(2);
    putPage(filters!, 2, answer([3], { page: 2 }));
    expect(Object.keys(searchStore.get().pages)).toEqual(['1', '2']);
    expect(searchStore.get().page).toBe(2);
    setFilters({ gender: 'male' });
    expect(searchStore.get()).toMatchObject({ page: 1, pages: {}, filters: { gender: 'male' } });
  });

  it('drops an answer for filters that changed meanwhile', () => {
    const { filters } = searchFor(1, () => ({ gender: 'female' }));
    setFilters({ gender: 'male' });
    putPage(filters!, 1, answer([1]));
    expect(searchStore.get().pages).toEqual({});
  });

  it('forgets the cached results (after a block) but keeps filters and page', () => {
    const { filters } = searchFor(1, () => ({ gender: 'female' }));
    goToPage(3);
    putPage(filters!, 3, answer([1]));
    rememberScroll(400);
    forgetResults();
    expect(searchStore.get()).toMatchObject({ filters, page: 3, pages: {}, scrollY: 0 });
  });

  it('derives the first filters from the member', () => {
    expect(wantedGender({ gender: 'male', sexuality: 'hetero' })).toBe('female');
    expect(wantedGender({ gender: 'male', sexuality: 'gay' })).toBe('male');
    expect(wantedGender({ gender: 'female', sexuality: 'bi' })).toBe('');
    const user = member({ profile: { ...member().profile, country: 'BE' } });
    expect(defaultFilters(user, settings)).toEqual({ gender: 'female', country: 'BE', region: '', min_age: '18', max_age: '99', hair_colour: '' });
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
  return <button type="button" onClick={() => navigate(-1)}>terug</button>;
}

describe('members search screen', () => {
  it('restores the cached list when coming back from a profile, and drops a blocked member', async () => {
    act(() => setUser(member({ profile: { ...member().profile, country: 'NL', sexuality: 'hetero' } })));
    let blocked = false;
    const calls = fakeApi({
      'GET /api/members.php': () => ({ status: 200, body: answer(blocked ? [12] : [11, 12], blocked ? {} : { similar: [card(9)], similar_numResults: 1 }) }),
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
