import { TopNav } from '../../components/layout/top-nav';
import { EntryWarning } from '../../features/entry-warning/entry-warning';
import { useRouteName } from '../routes';
import * as s from './layouts.css';
import { ScreenOutlet } from './screen-outlet';

/**
 * Minimal layout for the chat screens (spec section 2): the top navigation and the chat filling
 * the window below it; no banners, footer or overlays. Every chat route shows the one chat screen
 * (list and conversation), kept while the conversation changes.
 */
export function ChatLayout() {
  const route = useRouteName();
  return (
    <div className={s.chatFrame}>
      <TopNav />
      <main className={s.chat} id="main">
        <ScreenOutlet keep="chat" />
      </main>
      <EntryWarning layout="chat" route={route} />
    </div>
  );
}
