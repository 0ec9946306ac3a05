/**
 * The first search (worker/contracts/first-search.ts): the worker names its call in a preload
 * hint of the members page, so the web and the worker make it by the same rule.
 */
export { defaultFilters } from '../../../worker/contracts/first-search';
