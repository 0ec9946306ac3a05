import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { activeMember, get, post } from './account-helpers';
import { liveSocket, openLive } from './live-helpers';

const V = 'http://vonkje.localhost';

const open = openLive;
const socket = liveSocket;

async function pair() {
  const a = await activeMember();
  const b = await activeMember(undefined, { gender: 'female' });
  await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(a.id).run();
  return { a, b };
}
const send = (cookie: string, to: number, text: string) =>
  post(`${V}/api/message.php`, { to, kind: 'text', text, client_id: `live-${Date.now()}-${Math.random().toString(36).slice(2)}` }, cookie);

describe('the live connection', () => {
  it('is refused without a session, from another site and without an upgrade', async () => {
    const { a } = await pair();
    expect((await open(undefined)).status).toBe(403);
    expect((await open(a.cookie, 'http://evil.example')).status).toBe(403);
    expect((await open(a.cookie, 'http://bdsm-nl.localhost')).status).toBe(403);
    expect((await open(a.cookie, null)).status).toBe(403);
    expect((await get(`${V}/api/live.php`, a.cookie)).status).toBe(400);
  });

  it('delivers a message to every tab of the recipient, and to the sender with the balance; pings are answered', async () => {
    const { a, b } = await pair();
    const [tab1, tab2, mine] = [await socket(b.cookie), await socket(b.cookie), await socket(a.cookie)];
    expect((await send(a.cookie, b.id, 'Live hallo')).status).toBe(201);
    for (const tab of [tab1, tab2]) {
      expect(await tab.until(() => tab.events.some((e) => e.type === 'message'))).toBe(true);
      expect(tab.events.find((e) => e.type === 'message')).toMatchObject({ from: a.id, message: { text: 'Live hallo', mine: false } });
    }
    expect(await mine.until(() => mine.events.length > 0)).toBe(true);
    expect(mine.events[0]).toMatchObject({ type: 'message', message: { mine: true }, credits: 98 });
    let pong = false;
    tab1.ws.addEventListener('message', (e) => (pong ||= e.data === 'pong'));
    tab1.ws.send('ping');
    expect(await tab1.until(() => pong)).toBe(true);
  });

  it("tells the sender when the message is read, and the reader's other tabs; typing reaches the other member", async () => {
    const { a, b } = await pair();
    const sent = (await (await send(a.cookie, b.id, 'Lees mij')).json()) as { conversation: number };
    const [sender, readerTab] = [await socket(a.cookie), await socket(b.cookie)];
    await get(`${V}/api/messages.php?conversation=${sent.conversation}`, b.cookie);
    expect(await sender.until(() => sender.events.some((e) => e.type === 'read'))).toBe(true);
    expect(sender.events.find((e) => e.type === 'read')).toEqual({ type: 'read', conversation: sent.conversation, by: 'other' });
    expect(await readerTab.until(() => readerTab.events.some((e) => e.type === 'read'))).toBe(true);
    expect(readerTab.events.find((e) => e.type === 'read')).toMatchObject({ by: 'me' });
    expect((await post(`${V}/api/typing.php`, { conversation: sent.conversation }, b.cookie)).status).toBe(200);
    expect(await sender.until(() => sender.events.some((e) => e.type === 'typing'))).toBe(true);
    expect(sender.events.find((e) => e.type === 'typing')).toEqual({ type: 'typing', conversation: sent.conversation, from: b.id });
    // typing into someone else's conversation is not found
    const stranger = await activeMember();
    expect((await post(`${V}/api/typing.php`, { conversation: sent.conversation }, stranger.cookie)).status).toBe(404);
  });

  it("closes the session's sockets on logout", async () => {
    const { b } = await pair();
    const tab = await socket(b.cookie);
    await get(`${V}/api/logout.php`, b.cookie);
    expect(await tab.until(() => tab.closed() !== null)).toBe(true);
    expect(tab.closed()).toBe(4001);
  });
});
