import { ScreenOutlet } from './screen-outlet';
import { EntryWarning } from '../../features/entry-warning/entry-warning';
import { SignupModalHost } from '../signup-modal-host';
import { useRouteName } from '../routes';
import * as s from './layouts.css';

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
