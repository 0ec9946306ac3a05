import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../web/lib/request';
import { refresh } from '../../web/lib/session';
import { sessionStore, setUser } from '../../web/lib/user';
import { fakeApi, member } from './account-helpers';

const authRequired = { status: 403, body: { error: 'authentication_required', message: 'Log in om verder te gaan.' } };
afterEach(() => {
  vi.unstubAllGlobals();
  setUser(null);
});

describe('session (spec section 8)', () => {
  it('a visitor: GET /api/user.php answers 403 and the session is simply logged out', async () => {
    const calls = fakeApi({ 'GET /api/user.php': authRequired });
    expect(await refresh()).toBeNull();
    expect(sessionStore.get().status).toBe('out');
    expect(calls).toHaveLength(1);
  });

  it('a member: the user is kept in the store', async () => {
    fakeApi({ 'GET /api/user.php': { status: 200, body: { user: member() } } });
    await refresh();
    expect(sessionStore.get()).toMatchObject({ status: 'in', user: { email: 'jan@example.nl' } });
  });

  it('403 authentication_required on another call logs out locally and resolves without throwing', async () => {
    setUser(member());
    fakeApi({ 'GET /api/chats.php': authRequired });
    const res = await api.get('/api/chats.php');
    expect(res).toMatchObject({ ok: false, silent: true });
    expect(sessionStore.get().status).toBe('out');
  });

  it('the rule does not apply to user.php itself, nor to other 403 errors', async () => {
    setUser(member());
    fakeApi({
      'PUT /api/user.php': authRequired,
      'POST /api/signup.php': { status: 403, body: { error: 'signups_closed', message: 'Aanmelden is op deze site nu niet mogelijk.' } },
    });
    const own = await api.put('/api/user.php', { language: 'en' });
    expect(own).toMatchObject({ ok: false, error: 'authentication_required' });
    expect(own).not.toHaveProperty('silent');
    expect(await api.post('/api/signup.php', {} as never)).toMatchObject({
      error: 'signups_closed',
      message: 'Aanmelden is op deze site nu niet mogelijk.',
    });
    expect(sessionStore.get().status).toBe('in');
  });

  it('passes validation issues through and sends JSON with the client header', async () => {
    const seen: Headers[] = [];
    vi.stubGlobal('fetch', async (_: unknown, init: RequestInit) => {
      seen.push(new Headers(init.headers));
      return new Response(
        JSON.stringify({
          error: 'invalid_request',
          message: 'Ongeldige aanvraag.',
          issues: [{ path: 'email', message: 'Ongeldige e-mail' }],
        }),
        { status: 400 },
      );
    });
    const res = await api.post('/api/signup.php', { email: 'x' } as never);
    expect(res).toMatchObject({ ok: false, status: 400, issues: [{ path: 'email', message: 'Ongeldige e-mail' }] });
    expect(seen[0]!.get('request-type')).toBe('client');
    expect(seen[0]!.get('content-type')).toBe('application/json');
  });
});
