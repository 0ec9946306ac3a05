import { STATIC_ENTRY_WARNING_ID } from '../../../worker/contracts/entry-warning';

// the rule is shared with the worker (its static copy of the warning in a member's /members)
export { ENTRY_WARNING_COUNTRIES, ENTRY_WARNING_EXCLUDED_ROUTES, shouldShowEntryWarning, type LayoutName } from '../../../worker/contracts/entry-warning';

/** The worker's static copy of the warning (worker/features/shell/shell.routes.ts), once the app has the page. */
export function removeStaticEntryWarning(): void {
  document.getElementById(STATIC_ENTRY_WARNING_ID)?.remove();
}
