import type { SearchFilters } from '../../../worker/contracts/first-search';

/**
 * The first search (worker/contracts/first-search.ts): the worker names its call in a preload
 * hint of the members page, so the web and the worker make it by the same rule.
 */
export { defaultFilters } from '../../../worker/contracts/first-search';

/**
 * How many filters the member changed from their first search (the count on a phone's "Filters"
 * button, issue 33): each field that differs counts once, the age range as one. What reset undoes.
 */
export function changedFilters(filters: SearchFilters, defaults: SearchFilters): number {
  const keys = new Set([...Object.keys(filters), ...Object.keys(defaults)]);
  let n = 0;
  for (const key of keys) if (key !== 'max_age' && (filters[key] ?? '') !== (defaults[key] ?? '')) n++;
  const ageChanged = (filters['max_age'] ?? '') !== (defaults['max_age'] ?? '');
  return n + (ageChanged && (filters['min_age'] ?? '') === (defaults['min_age'] ?? '') ? 1 : 0);
}
