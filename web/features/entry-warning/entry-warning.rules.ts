import { STATIC_ENTRY_WARNING_ID } from '../../../worker/contracts/entry-warning';

// the rule is shared with the worker (its static copy of the warning in a member's /members)
export {
  ENTRY_WARNING_COUNTRIES,
  ENTRY_WARNING_EXCLUDED_ROUTES,
  shouldShowEntryWarning,
  type LayoutName,
} from '../../../worker/contracts/entry-warning';

/**
 * The worker's static copy of the warning (worker/features/shell/shell.routes.ts), once the app has
 * the page, and (`lift`) the inertness it gave the page behind it; the app's own dialog, which takes
 * the copy's place, keeps the page inert (web/components/ui/use-focus-trap.ts): lifting it there
 * would restyle the whole page twice for nothing.
 */
export function removeStaticEntryWarning(lift = true): void {
  const copy = document.getElementById(STATIC_ENTRY_WARNING_ID);
  if (!copy) return;
  copy.remove();
  if (lift) document.getElementById('root')?.removeAttribute('inert');
}
