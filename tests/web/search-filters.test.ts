import { describe, expect, it } from 'vitest';
import { changedFilters } from '../../web/features/profiles/search-filters';

const first = { gender: 'female', country: 'NL', region: '', min_age: '18', max_age: '99', hair_colour: '' };

describe("the phone's filter count (issue 33): the filters changed from the member's first search", () => {
  it('counts each changed field once, the age range as one, and nothing for the first search', () => {
    expect(changedFilters(first, first)).toBe(0);
    expect(changedFilters({ ...first, min_age: '40' }, first)).toBe(1);
    expect(changedFilters({ ...first, max_age: '50' }, first)).toBe(1);
    expect(changedFilters({ ...first, min_age: '30', max_age: '50' }, first)).toBe(1);
    expect(changedFilters({ ...first, country: 'BE', region: 'VAN', hair_colour: 'blond' }, first)).toBe(3);
    // "any" where the first search had a gender is a change too
    expect(changedFilters({ ...first, gender: '' }, first)).toBe(1);
  });
});
