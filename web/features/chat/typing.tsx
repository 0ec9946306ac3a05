import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { typingStore } from '../../lib/live';
import { useStore } from '../../lib/store';
import * as s from './conversation.css';

/**
 * "Bea typt…" while the other member types in this conversation (live typing events, each shown
 * for a few seconds); the line keeps its height so the messages do not jump.
 */
export function TypingIndicator({ conversation, name }: { conversation: number | null; name: string }) {
  const t = useT();
  const until = useStore(typingStore)[conversation ?? 0] ?? 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    setNow(Date.now());
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 20);
    return () => clearTimeout(timer);
  }, [until]);
  const typing = conversation !== null && until > now;
  return (
    <div className={s.typing} aria-live="polite">
      {typing && (
        <>
          <span className={s.dots} aria-hidden="true">
            <span className={s.dot} />
            <span className={s.dot} />
            <span className={s.dot} />
          </span>
          <span>{t('chat.typing', { name })}</span>
        </>
      )}
    </div>
  );
}
