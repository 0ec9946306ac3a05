/**
 * Spec section 7's beacon: POST /api/page-hidden.php with an empty JSON body when the page
 * becomes hidden, which records the member's last activity. A keepalive fetch instead of
 * navigator.sendBeacon: it outlives the page the same way but may carry our client header, so
 * the call stays behind the CSRF guard like every other (README, "Activity and online").
 */
export function watchPageHidden(): () => void {
  const hidden = () => {
    if (document.visibilityState !== 'hidden') return;
    void fetch('/api/page-hidden.php', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'request-type': 'client', 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
  };
  document.addEventListener('visibilitychange', hidden);
  return () => document.removeEventListener('visibilitychange', hidden);
}
