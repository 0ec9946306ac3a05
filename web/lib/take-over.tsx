import { useEffect } from 'react';

/**
 * A page the worker sent prerendered (#root[data-prerendered]: the visitor's landing page, the
 * gallery and video landers) is the app's own after its first commit: the marker goes, and
 * web/start.js hears it (`app:ready`) and replays a click or choice made on the markup before.
 */
export function TakeOver() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    root.removeAttribute('data-prerendered');
    window.dispatchEvent(new Event('app:ready'));
  }, []);
  return null;
}
