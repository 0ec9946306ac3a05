import { ScreenOutlet } from './screen-outlet';
import { EntryWarning } from '../../features/entry-warning/entry-warning';
import * as s from './layouts.css';

/** Minimal layout for the chat screens. */
export function ChatLayout() {
  return (
    <>
      <main className={s.chat}>
        <ScreenOutlet />
      </main>
      <EntryWarning layout="chat" />
    </>
  );
}
