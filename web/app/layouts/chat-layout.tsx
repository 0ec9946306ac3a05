import { EntryWarning } from '../../features/entry-warning/entry-warning';
import { useRouteName } from '../routes';
import * as s from './layouts.css';
import { ScreenOutlet } from './screen-outlet';

/** Minimal layout for the chat screens. */
export function ChatLayout() {
  const route = useRouteName();
  return (
    <>
      <main className={s.chat}>
        <ScreenOutlet />
      </main>
      <EntryWarning layout="chat" route={route} />
    </>
  );
}
