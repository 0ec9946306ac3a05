import { EntryWarning } from '../../features/entry-warning/entry-warning';
import { useRouteName } from '../routes';
import { SignupModalHost } from '../signup-modal-host';
import * as s from './layouts.css';
import { ScreenOutlet } from './screen-outlet';

/** Bare layout (signup flows from campaigns): only the page and its modals. */
export function EmptyLayout() {
  const route = useRouteName();
  return (
    <>
      <main className={s.main}>
        <ScreenOutlet />
      </main>
      <EntryWarning layout="empty" route={route} />
      <SignupModalHost />
    </>
  );
}
