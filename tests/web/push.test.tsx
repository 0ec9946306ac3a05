import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberSync } from '../../web/app/layouts/member-sync';
import { SignupWizard } from '../../web/features/signup/signup-wizard';
import { MemberBanners } from '../../web/components/layout/member-banners';
import { showPushBanner } from '../../web/components/layout/push-banner.rules';
import { pushStore } from '../../web/lib/push';
import { setUser } from '../../web/lib/user';
import { boot, fakeApi, member, renderApp } from './account-helpers';

const KEY = (boot.settings as unknown as { push_public_key: string }).push_public_key;
const keyBytes = () => Uint8Array.from(atob(KEY.replace(/-/g, '+').replace(/_/g, '/') + '='), (c) => c.charCodeAt(0));

/**
 * The browser's side of Web Push (not our code): notification permission, a service worker
 * registration and its push manager, with a subscription made by subscribe() or already there.
 */
function browserWithPush({ permission, subscribed }: { permission: NotificationPermission; subscribed: boolean }) {
  const subscription = {
    endpoint: 'https://push.example.test/p/1',
    options: { applicationServerKey: keyBytes().buffer },
    toJSON: () => ({ endpoint: 'https://push.example.test/p/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => true,
  };
  let current = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async () => (current = subscription)),
  };
  const Notification = { permission, requestPermission: vi.fn(async () => ((Notification.permission = 'granted'), 'granted')) };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', class {});
  const registration = { pushManager };
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator), {
      serviceWorker: {
        getRegistration: async () => registration,
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
      },
    }),
  );
  return { pushManager, Notification };
}

class SilentSocket {
  static OPEN = 1;
  readyState = 0;
  onopen = null;
  onclose = null;
  onmessage = null;
  send() {}
  close() {}
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  pushStore.set('unknown');
});

/** A member for whom the push alert is the only banner due (premium, confirmed, with a photo): one banner shows at a time. */
const pushOnly = () =>
  member({
    paid_user: true,
    status: 'active',
    profile: {
      ...member().profile,
      status: 'active',
      main_image: {
        id: 'a',
        filename: 'a.jpg',
        thumb_filename: 'a.jpg',
        status: 'active',
        match: 'photos/1/a.jpg',
        main: true,
        width: 600,
        height: 800,
      },
    },
  });

describe('the push-notification alert', () => {
  it('shows while the browser can turn notifications on, not on the screens spec section 2 names, not once dismissed', () => {
    const user = member();
    expect(showPushBanner(user, 'members', 'capable', null)).toBe(true);
    for (const state of ['unknown', 'subscribed', 'denied'] as const) expect(showPushBanner(user, 'members', state, null)).toBe(false);
    for (const route of ['signup', 'complete-signup', 'notifications', 'activate-done', 'directdebit', 'premium'])
      expect(showPushBanner(user, route, 'capable', null)).toBe(false);
    expect(showPushBanner(user, 'members', 'capable', Date.now())).toBe(false);
    expect(showPushBanner(null, 'members', 'capable', null)).toBe(false);
  });

  it('"Niet nu" hides it for two weeks (hide-push-notification-alert)', async () => {
    pushStore.set('capable');
    await renderApp(<MemberBanners user={pushOnly()} route="members" />);
    fireEvent.click(screen.getByRole('button', { name: 'Niet nu' }));
    expect(screen.queryByRole('region', { name: 'Meldingen' })).toBeNull();
    expect(Number(localStorage.getItem('hide-push-notification-alert'))).toBeGreaterThan(0);
  });

  it('"Aanzetten" asks the browser, subscribes with the site key and registers the subscription; then it is gone', async () => {
    const browser = browserWithPush({ permission: 'default', subscribed: false });
    const calls = fakeApi({ 'POST /api/user.php': { status: 200, body: { subscribed: true } } });
    pushStore.set('capable');
    await renderApp(<MemberBanners user={pushOnly()} route="members" />);
    fireEvent.click(screen.getByRole('button', { name: 'Aanzetten' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Meldingen' })).toBeNull());
    expect(browser.Notification.requestPermission).toHaveBeenCalled();
    expect(
      new Uint8Array(
        (browser.pushManager.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0].applicationServerKey,
      ),
    ).toEqual(keyBytes());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/user.php?push=1',
        body: { endpoint: 'https://push.example.test/p/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } },
      },
    ]);
    expect(pushStore.get()).toBe('subscribed');
  });

  it('a refused subscription says so and keeps the alert', async () => {
    browserWithPush({ permission: 'granted', subscribed: false });
    fakeApi({
      'POST /api/user.php': {
        status: 400,
        body: { error: 'invalid_push_subscription', message: 'Deze inschrijving voor meldingen is ongeldig.' },
      },
    });
    pushStore.set('capable');
    await renderApp(<MemberBanners user={pushOnly()} route="members" />);
    fireEvent.click(screen.getByRole('button', { name: 'Aanzetten' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Meldingen aanzetten lukte niet. Probeer het later opnieuw.');
    expect(screen.getByRole('region', { name: 'Meldingen' })).toBeTruthy();
  });
});

describe("the push state's cookie mirror (the worker's /members has the alert where the app will show it)", () => {
  const cookie = () => /(?:^|; )push-state=([^;]*)/.exec(document.cookie)?.[1];

  it('writes every change of the state into the push-state cookie', () => {
    pushStore.set('capable');
    expect(cookie()).toBe('capable');
    pushStore.set('subscribed');
    expect(cookie()).toBe('subscribed');
  });

  it('starts from what the browser tells at once: its permission, and with notifications allowed the state this browser last knew', async () => {
    const fresh = async () => {
      vi.resetModules();
      return (await import('../../web/lib/push')).pushStore.get();
    };
    browserWithPush({ permission: 'default', subscribed: false });
    expect(await fresh()).toBe('capable');
    browserWithPush({ permission: 'denied', subscribed: false });
    expect(await fresh()).toBe('denied');
    browserWithPush({ permission: 'granted', subscribed: true });
    document.cookie = 'push-state=subscribed; Path=/';
    expect(await fresh()).toBe('subscribed');
    document.cookie = 'push-state=unknown; Path=/';
    expect(await fresh()).toBe('unknown');
    vi.unstubAllGlobals();
    expect(await fresh()).toBe('unknown');
    // and the module's first state is mirrored at once
    expect(cookie()).toBe('unknown');
  });
});

describe('the member sync with push', () => {
  it('registers an existing subscription again (this session) and then refreshes every 300 s instead of 60 s (spec section 9)', async () => {
    act(() => setUser(member()));
    vi.stubGlobal('WebSocket', SilentSocket);
    browserWithPush({ permission: 'granted', subscribed: true });
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      const path = String(input);
      const body = path.startsWith('/api/user.php?push=1')
        ? { subscribed: true }
        : path.startsWith('/api/chats.php')
          ? { chats: [], next: null, more: false, total_unread: 0 }
          : path.startsWith('/api/user.php')
            ? { user: member() }
            : { profiles: [], liked_by: [], liked: [], liked_by_next: null, liked_next: null };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    vi.useFakeTimers();
    await renderApp(<MemberSync />);
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await wait(5_000);
    expect(pushStore.get()).toBe('subscribed');
    expect(calls.filter((c) => c.startsWith('POST /api/user.php?push=1'))).toHaveLength(1);
    const likes = () => calls.filter((c) => c === 'GET /api/likes.php').length;
    expect(likes()).toBe(1);
    await wait(120_000);
    expect(likes()).toBe(1);
    await wait(180_000);
    expect(likes()).toBe(2);
    expect(calls.filter((c) => c === 'GET /api/user.php')).toHaveLength(1);
  });

  it('a browser that refuses notifications is `denied`: no alert', async () => {
    act(() => setUser(member()));
    vi.stubGlobal('WebSocket', SilentSocket);
    fakeApi({});
    browserWithPush({ permission: 'denied', subscribed: false });
    await renderApp(<MemberSync />);
    await waitFor(() => expect(pushStore.get()).toBe('denied'));
  });
});

describe("the signup wizard's push step", () => {
  it('asks the browser, stores its answer and subscribes this browser meanwhile', async () => {
    const browser = browserWithPush({ permission: 'default', subscribed: false });
    act(() => setUser(member({ signup_step: 'push' })));
    const calls = fakeApi({
      'PUT /api/signup.php': { status: 200, body: { user: member({ signup_step: 'confirm' }) } },
      'POST /api/user.php': { status: 200, body: { subscribed: true } },
    });
    await renderApp(<SignupWizard level={2} onDone={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Meldingen aanzetten' }));
    expect(await screen.findByText('Stap 7 van 7')).toBeTruthy();
    expect(browser.Notification.requestPermission).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ step: 'push', push_permission: 'granted' });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/user.php?push=1')).toBe(true));
    expect(browser.pushManager.subscribe).toHaveBeenCalled();
    await waitFor(() => expect(pushStore.get()).toBe('subscribed'));
    act(() => setUser(null));
  });
});
