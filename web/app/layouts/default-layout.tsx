import { ScreenOutlet } from './screen-outlet';
import { Footer } from '../../components/layout/footer';
import { TopNav } from '../../components/layout/top-nav';
import { EntryWarning } from '../../features/entry-warning/entry-warning';
import * as s from './layouts.css';

/** Top navigation, content, footer with disclaimer, and the entry warning. */
export function DefaultLayout() {
  return (
    <>
      <TopNav />
      <main className={s.main} id="main">
        <ScreenOutlet />
      </main>
      <Footer />
      <EntryWarning layout="default" />
    </>
  );
}
