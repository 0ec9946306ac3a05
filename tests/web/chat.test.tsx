import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberNav } from '../../web/components/layout/member-nav';
import { getMessagesQueryOptions } from '../../web/features/chat/api/get-messages';
import { ChatPage } from '../../web/features/chat/chat-page';
import { moneyPerMessage, targetOf, textPrice, withNewest, withOlder } from '../../web/features/chat/chat.rules';
import { chatsQueryKey, getChatsQueryOptions } from '../../web/lib/calls/get-chats';
import { chatActive, chatRead, chatsWithout, deriveChats, type ChatsData } from '../../web/lib/chats';
import { queryClient } from '../../web/lib/query-client';
import { sessionStore, setUser } from '../../web/lib/user';
import type { ChatItem, ChatProfile, ChatsAnswer, Message, MessagesAnswer, SendInput } from '../../worker/contracts/chat';
import { fakeApi, member, renderApp, type Call } from './account-helpers';

const profile = (id: number, name: string, over: Partial<ChatProfile> = {}): ChatProfile => ({
  id,
  name,
  age: 30,
  main_image: null,
  fictional: false,
  online: false,
  ...over,
});
const SANNE = profile(5, 'Sanne', { age: 29 });

const item = (conversation: number, other: ChatProfile, unread: number, text: string, at: string): ChatItem => ({
  conversation,
  profile: other.id,
  num_unread_messages: unread,
  other,
  last_message: { kind: 'text', text, gift: null, mine: false, created_at: at, removed: false },
  updated_at: at,
});
const chats = (list: ChatItem[], over: Partial<ChatsAnswer> = {}): ChatsAnswer => ({
  chats: list,
  next: null,
  more: false,
  total_unread: list.reduce((n, c) => n + c.num_unread_messages, 0),
  ...over,
});
const THREE = () =>
  chats([
    item(21, profile(7, 'Eva', { fictional: true }), 2, 'Ben je er nog?', '2026-03-03T10:00:00.000Z'),
    item(11, SANNE, 0, 'Tot morgen!', '2026-03-02T10:00:00.000Z'),
    item(31, profile(9, 'Bram', { online: true }), 150, 'Hallo', '2026-03-01T10:00:00.000Z'),
  ]);

const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  conversation: 11,
  mine: false,
  kind: 'text',
  text: `Bericht ${id}`,
  gift: null,
  image: null,
  created_at: '2026-03-02T09:00:00.000Z',
  read: false,
  client_id: null,
  removed: false,
  ...over,
});
const conversation = (messages: Message[], over: Partial<MessagesAnswer> = {}): MessagesAnswer => ({
  conversation: 11,
  other: SANNE,
  messages,
  more: false,
  ...over,
});

const GIFTS = {
  gifts: [
    { id: 'rose', name: 'Roos', credits: 10, image: '/gifts/rose.svg' },
    { id: 'heart', name: 'Hartje', credits: 10, image: '/gifts/heart.svg' },
  ],
};

/** The server's answer to a send: the message as stored, and my balances after it. */
function sent(call: Call, id: number, balances: { credits: number; free_messages_left?: number }) {
  const input = call.body as SendInput;
  return {
    status: 201,
    body: {
      message: message(id, {
        mine: true,
        kind: input.kind,
        text: input.kind === 'text' ? input.text : null,
        gift: input.kind === 'gift' ? input.gift : null,
        created_at: new Date().toISOString(),
        client_id: input.client_id,
      }),
      conversation: 11,
      credits: balances.credits,
      free_messages_left: balances.free_messages_left ?? 0,
      free_conversations_left: 0,
    },
  };
}

const premium = () => member({ status: 'active', paid_user: true, credits: 20, free_messages_left: 0, free_conversations_left: 0 });
const money = new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(0.45);
/** The DOM queries compare texts with whitespace normalized (the currency's no-break space too). */
const shown = (text: string) => text.replace(/\s+/g, ' ');

/** What every conversation screen also loads: the list beside it, the gifts. */
const around = () => ({
  'GET /api/chats.php': { status: 200, body: chats([]) },
  'GET /api/gifts.php': { status: 200, body: GIFTS },
});

function renderChat(path: string) {
  return renderApp(
    <Routes>
      <Route path="/chats/:id?" element={<ChatPage />} />
      <Route path="/members/:id/chat" element={<ChatPage by="profile" />} />
    </Routes>,
    path,
  );
}

const field = () => screen.getByRole('textbox', { name: 'Bericht aan Sanne' }) as HTMLTextAreaElement;
const log = () => screen.getByRole('log', { name: 'Berichten met Sanne' });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/message.php').map((c) => c.body as SendInput);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => setUser(null));
});

describe('chat rules', () => {
  it('reads the route ids', () => {
    expect(targetOf('11', 'conversation')).toEqual({ conversation: 11 });
    expect(targetOf('5', 'profile')).toEqual({ profile: 5 });
    expect(targetOf('abc', 'profile')).toBeNull();
    expect(targetOf('0', 'conversation')).toBeNull();
    expect(targetOf('99999999999999999', 'conversation')).toBeNull();
  });

  it('merges the newest page into what is held: newer messages, read ticks, older pages kept; a gap starts over', () => {
    const held = conversation([message(40, { mine: true }), message(39), message(12, { mine: true })], { more: true });
    const fresh = conversation([message(41), message(40, { mine: true, read: true }), message(39)], { more: true });
    const merged = withNewest(held, fresh);
    expect(merged.messages.map((m) => m.id)).toEqual([41, 40, 39, 12]);
    // the other read my newest: every older message of mine is read too
    expect(merged.messages.filter((m) => m.mine).every((m) => m.read)).toBe(true);
    expect(merged.more).toBe(true);
    // more than a page arrived since: what is held no longer joins on
    expect(withNewest(conversation([message(10)], { more: true }), fresh).messages.map((m) => m.id)).toEqual([41, 40, 39]);
    // the newest page is everything there is
    expect(withNewest(held, { ...fresh, more: false })).toEqual({ ...fresh, more: false });
    expect(withOlder(fresh, conversation([message(38), message(37)], { more: false })).messages.map((m) => m.id)).toEqual([
      41, 40, 39, 38, 37,
    ]);
  });

  it('prices a text message: free while free messages last, else credits and the money for the visitor country', () => {
    const settings = {
      message_credits: 2,
      minimum_message_costs: { NL: { costs: 45, currency: 'EUR' } },
      geoip_selected_country: 'NL',
    } as const;
    expect(textPrice({ paid_user: false, free_messages_left: 3 }, settings, 'nl')).toEqual({ free: true, left: 3 });
    expect(textPrice({ paid_user: false, free_messages_left: 0 }, settings, 'nl')).toEqual({ free: false, credits: 2, money });
    expect(textPrice({ paid_user: true, free_messages_left: 0 }, settings, 'nl')).toEqual({ free: false, credits: 2, money });
    expect(moneyPerMessage({ ...settings, geoip_selected_country: 'US' }, 'nl')).toBeNull();
    expect(
      moneyPerMessage({ ...settings, minimum_message_costs: { GB: { costs: 39, currency: 'GBP' } }, geoip_selected_country: 'GB' }, 'en'),
    ).toBe('£0.39');
  });

  it('changes the chats held: read, deleted (by conversation or profile), active; the total follows', () => {
    const data: ChatsData = { pages: [THREE()], pageParams: [null] };
    expect(deriveChats(data).totalUnread).toBe(152);
    const read = chatRead(21)(data);
    expect(deriveChats(read).totalUnread).toBe(150);
    expect(deriveChats(read).chats[0]!.num_unread_messages).toBe(0);
    expect(chatRead(11)(data)).toBe(data);
    expect(deriveChats(chatsWithout({ profile: 9 })(data))).toMatchObject({
      totalUnread: 2,
      chats: [{ conversation: 21 }, { conversation: 11 }],
    });
    expect(deriveChats(chatsWithout({ conversation: 21 })(data)).totalUnread).toBe(150);
    const newer = item(11, SANNE, 0, 'Nieuw', '2026-03-04T10:00:00.000Z');
    expect(deriveChats(chatActive(newer)(data)).chats.map((c) => c.conversation)).toEqual([11, 21, 31]);
    // an older message changes nothing; one not held joins only from a send
    expect(chatActive(item(11, SANNE, 0, 'Oud', '2026-01-01T10:00:00.000Z'))(data)).toBe(data);
    const other = item(41, profile(3, 'Lisa'), 0, 'Hoi', '2026-03-04T10:00:00.000Z');
    expect(chatActive(other, false)(data)).toBe(data);
    expect(deriveChats(chatActive(other)(data)).chats[0]!.conversation).toBe(41);
  });
});

describe('the chat list', () => {
  it("shows the conversations in the server's order with unread badges (99+) and the fictional warning; the nav counts them", async () => {
    act(() => setUser(premium()));
    fakeApi({ 'GET /api/chats.php': { status: 200, body: THREE() } });
    await renderChat('/chats');
    const list = await screen.findByRole('region', { name: 'Berichten' });
    const links = await within(list).findAllByRole('link', { name: /Eva|Sanne|Bram/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/chats/21', '/chats/11', '/chats/31']);
    expect(within(links[0]!).getByText('2 ongelezen berichten')).toBeTruthy();
    expect(within(links[0]!).getByText('Dit is een fictief profiel.')).toBeTruthy();
    expect(within(links[1]!).queryByText(/ongelezen/)).toBeNull();
    expect(within(links[1]!).queryByText('Dit is een fictief profiel.')).toBeNull();
    expect(within(links[2]!).getByText('99+')).toBeTruthy();
    expect(within(links[2]!).getByText('150 ongelezen berichten')).toBeTruthy();
    // the online dot on the avatar of who is online, named for screen readers
    expect(within(links[2]!).getByText('Online')).toBeTruthy();
    expect(within(links[0]!).queryByText('Online')).toBeNull();
    expect(within(list).getByText('152 ongelezen berichten')).toBeTruthy();
    cleanup();

    await renderApp(<MemberNav user={premium()} />);
    const nav = await screen.findByRole('link', { name: /Berichten/ });
    expect(nav.getAttribute('href')).toBe('/chats');
    expect(within(nav).getByText('99+')).toBeTruthy();
    expect(within(nav).getByText(/152 ongelezen berichten/)).toBeTruthy();
  });

  it("deletes a conversation at once; a failure alerts the server's message and loads the chats again", async () => {
    act(() => setUser(premium()));
    let answerDelete: (answer: { status: number; body: unknown }) => void = () => {};
    const calls = fakeApi({
      'GET /api/chats.php': { status: 200, body: THREE() },
      'DELETE /api/chat.php': () => new Promise((resolve) => (answerDelete = resolve)),
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await renderChat('/chats');
    const list = await screen.findByRole('region', { name: 'Berichten' });
    await within(list).findByRole('link', { name: /Sanne/ });

    fireEvent.click(within(list).getByRole('button', { name: 'Gesprek met Sanne verwijderen' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Gesprek met Sanne verwijderen?' })).getByRole('button', {
        name: 'Ja, verwijderen',
      }),
    );
    // gone before the server has answered
    await waitFor(() => expect(within(list).queryByRole('link', { name: /Sanne/ })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ conversation: 11 });
    expect(calls.filter((c) => c.path.startsWith('/api/chats.php'))).toHaveLength(1);

    answerDelete({ status: 404, body: { error: 'not_found_generic', message: 'Niet gevonden.' } });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Niet gevonden.'));
    // the chats load again: the server still has it
    expect(await within(list).findByRole('link', { name: /Sanne/ })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/chats.php'))).toHaveLength(2);
  });

  it('a delete the server accepts stays deleted; opening a conversation clears its unread count', async () => {
    act(() => setUser(premium()));
    const calls = fakeApi({
      'GET /api/chats.php': { status: 200, body: THREE() },
      'DELETE /api/chat.php': { status: 200, body: { deleted: 1 } },
      'GET /api/messages.php': {
        status: 200,
        body: conversation([message(2, { conversation: 21 })], { conversation: 21, other: profile(7, 'Eva', { fictional: true }) }),
      },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await renderChat('/chats');
    const list = await screen.findByRole('region', { name: 'Berichten' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Gesprek met Bram verwijderen' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, verwijderen' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: /Bram/ })).toBeNull());
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(alert).not.toHaveBeenCalled();
    // Bram's 150 left the total with him: Eva's 2 in the header and on her item
    expect(within(list).getAllByText('2 ongelezen berichten')).toHaveLength(2);

    fireEvent.click(within(list).getByRole('link', { name: /Eva/ }));
    expect(await screen.findByRole('heading', { name: 'Eva, 30' })).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/api/messages.php'))!.path).toBe('/api/messages.php?conversation=21');
    // the fictional warning in the chat header too
    expect(screen.getByRole('note').textContent).toBe('Dit is een fictief profiel.');
    await waitFor(() => expect(within(list).queryByText(/ongelezen/)).toBeNull());
    expect(within(list).getByRole('link', { name: /Eva/ }).getAttribute('aria-current')).toBe('page');
  });
});

describe('sending a message', () => {
  it('shows the price, sends with Enter (not Shift+Enter), shows the message and the credits of the answer', async () => {
    act(() => setUser(premium()));
    const calls = fakeApi({
      'GET /api/chats.php': { status: 200, body: THREE() },
      'GET /api/messages.php': { status: 200, body: conversation([message(2, { mine: true, read: true }), message(1)]) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
      'POST /api/message.php': (call) => sent(call, 3, { credits: 18 }),
    });
    await renderChat('/chats/11');
    expect(await screen.findByRole('heading', { name: 'Sanne, 29' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk profiel' }).getAttribute('href')).toBe('/members/5');
    expect(within(log()).getByText('Bericht 1')).toBeTruthy();
    expect(within(log()).getByText('Gelezen')).toBeTruthy();
    expect(screen.getByText(shown(`2 credits per bericht (vanaf ${money})`))).toBeTruthy();
    expect(screen.getByText('Saldo: 20 credits')).toBeTruthy();

    fireEvent.change(field(), { target: { value: 'Hoi Sanne,' } });
    fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true });
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(field(), { target: { value: 'Hoi Sanne,\nzin in koffie?  ' } });
    fireEvent.keyDown(field(), { key: 'Enter' });

    await waitFor(() => expect(within(log()).getByText(/zin in koffie\?/)).toBeTruthy());
    const [input] = posts(calls);
    expect(input).toMatchObject({ to: 5, kind: 'text', text: 'Hoi Sanne,\nzin in koffie?' });
    expect(input!.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(field().value).toBe('');
    expect(sessionStore.get().user!.credits).toBe(18);
    expect(screen.getByText('Saldo: 18 credits')).toBeTruthy();
    // the conversation goes to the top of the chats with its newest message
    const held = deriveChats(queryClient.getQueryData<ChatsData>(chatsQueryKey)!);
    expect(held.chats[0]).toMatchObject({ conversation: 11, last_message: { mine: true, text: 'Hoi Sanne,\nzin in koffie?' } });
  });

  it('a free member sends free while free messages last', async () => {
    act(() => setUser(member({ status: 'active', credits: 10, free_messages_left: 3 })));
    fakeApi({
      ...around(),
      'GET /api/messages.php': { status: 200, body: conversation([message(1)]) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
      'POST /api/message.php': (call) => sent(call, 3, { credits: 10, free_messages_left: 2 }),
    });
    await renderChat('/chats/11');
    expect(await screen.findByText('Gratis bericht · nog 3 gratis berichten')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'Hallo!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Gratis bericht · nog 2 gratis berichten')).toBeTruthy();
    expect(sessionStore.get().user).toMatchObject({ credits: 10, free_messages_left: 2 });
  });

  it("402 shows the server's message in the chat with the way to credits, and keeps the text", async () => {
    act(() => setUser(premium()));
    const refusal = 'Je hebt niet genoeg credits. Koop credits om verder te gaan.';
    const calls = fakeApi({
      ...around(),
      'GET /api/messages.php': { status: 200, body: conversation([message(1)]) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
      'POST /api/message.php': { status: 402, body: { error: 'insufficient_credits', message: refusal } },
    });
    await renderChat('/chats/11');
    await screen.findByRole('heading', { name: 'Sanne, 29' });
    fireEvent.change(field(), { target: { value: 'Zullen we afspreken?' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect(field().value).toBe('Zullen we afspreken?');
    expect(within(log()).queryByText('Zullen we afspreken?')).toBeNull();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Credits kopen' }).getAttribute('href')).toBe('/credits');
    expect(sessionStore.get().user!.credits).toBe(20);
    expect(posts(calls)).toHaveLength(1);
  });

  it('a premium member sends a photo as multipart; a free member gets the premium alert instead of a file picker', async () => {
    act(() => setUser(premium()));
    const calls = fakeApi({
      ...around(),
      'GET /api/messages.php': { status: 200, body: conversation([message(1)]) },
      'POST /api/message.php': (call) => {
        const form = call.body as FormData;
        return {
          status: 201,
          body: {
            message: message(5, {
              mine: true,
              kind: 'image',
              text: null,
              image: { match: 'chat/11/abc.webp', thumb_filename: 'chat/11/abc-t.webp' },
              client_id: String(form.get('client_id')),
              created_at: new Date().toISOString(),
            }),
            conversation: 11,
            credits: 15,
            free_messages_left: 0,
            free_conversations_left: 0,
          },
        };
      },
    });
    await renderChat('/chats/11');
    await screen.findByRole('heading', { name: 'Sanne, 29' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const picked = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: /^Stuur Sanne een foto/ }));
    expect(picked).toHaveBeenCalledTimes(1);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    const img = await within(log()).findByRole('img', { name: 'Jouw foto' });
    expect(img.getAttribute('src')).toBe('https://cdn.example/chat/11/abc-t.webp'); // the thumbnail under the site's cdn_prefix
    const form = calls.find((c) => c.method === 'POST' && c.path === '/api/message.php')!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([form.get('to'), form.get('kind'), (form.get('image') as File).name]).toEqual(['5', 'image', 'me.jpg']);
    expect(String(form.get('client_id'))).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sessionStore.get().user!.credits).toBe(15);
    // the photo opens large, and Esc closes it
    fireEvent.click(img);
    expect(screen.getByRole('dialog', { name: 'Jouw foto' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Jouw foto' })).toBeNull();

    cleanup();
    act(() => setUser(member({ status: 'active', paid_user: false, credits: 0 })));
    await renderChat('/chats/11');
    await screen.findByRole('heading', { name: 'Sanne, 29' });
    const freeInput = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const freePicked = vi.spyOn(freeInput, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: /^Stuur Sanne een foto/ }));
    expect(freePicked).not.toHaveBeenCalled();
    const alert = screen.getByRole('dialog', { name: "Foto's sturen is voor premium leden" });
    expect(within(alert).getByRole('link', { name: 'Word premium' }).getAttribute('href')).toBe('/premium');
  });

  it('a retry after a network failure sends the same client_id (one message, one charge)', async () => {
    act(() => setUser(premium()));
    let online = false;
    const calls = fakeApi({
      ...around(),
      'GET /api/messages.php': { status: 200, body: conversation([message(1)]) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
      'POST /api/message.php': (call) => {
        if (!online) throw new TypeError('Failed to fetch');
        return sent(call, 3, { credits: 18 });
      },
    });
    await renderChat('/chats/11');
    await screen.findByRole('heading', { name: 'Sanne, 29' });
    fireEvent.change(field(), { target: { value: 'Ben je er?' } });

    // the request helper retries 5 times with growing delays before it gives up
    vi.useFakeTimers();
    fireEvent.keyDown(field(), { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    vi.useRealTimers();
    expect((await screen.findByRole('alert')).textContent).toContain('Je bericht is niet verstuurd.');
    expect(field().value).toBe('Ben je er?');
    expect(posts(calls)).toHaveLength(6);

    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(within(log()).getByText('Ben je er?')).toBeTruthy());
    const ids = new Set(posts(calls).map((p) => p.client_id));
    expect(ids.size).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();

    // the next message is a new one
    fireEvent.change(field(), { target: { value: 'Nog een vraag' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(8));
    expect(posts(calls)[7]!.client_id).not.toBe(posts(calls)[0]!.client_id);
  });

  it('loads earlier messages with the keyset before the oldest one held', async () => {
    act(() => setUser(premium()));
    const calls = fakeApi({
      ...around(),
      'GET /api/messages.php': (call) =>
        call.path.includes('before=')
          ? { status: 200, body: conversation([message(8), message(7)], { more: false }) }
          : { status: 200, body: conversation([message(10), message(9)], { more: true }) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
    });
    await renderChat('/chats/11');
    fireEvent.click(await screen.findByRole('button', { name: 'Eerdere berichten laden' }));
    await waitFor(() => expect(within(log()).getByText('Bericht 7')).toBeTruthy());
    expect(calls.map((c) => c.path)).toContain('/api/messages.php?conversation=11&before=9');
    const texts = within(log())
      .getAllByText(/^Bericht \d+$/)
      .map((e) => e.textContent);
    expect(texts).toEqual(['Bericht 7', 'Bericht 8', 'Bericht 9', 'Bericht 10']);
    expect(screen.queryByRole('button', { name: 'Eerdere berichten laden' })).toBeNull();
  });

  it('the newest page merges into what is held on a refresh', async () => {
    act(() => setUser(premium()));
    let newest = [message(2), message(1)];
    fakeApi({ ...around(), 'GET /api/messages.php': () => ({ status: 200, body: conversation(newest) }) });
    const options = getMessagesQueryOptions({ conversation: 11 });
    await queryClient.fetchQuery(options);
    newest = [message(3), ...newest];
    await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(queryClient.getQueryData<MessagesAnswer>(options.queryKey)!.messages.map((m) => m.id)).toEqual([3, 2, 1]);
    expect(getChatsQueryOptions().queryKey).toEqual(['chats']);
  });
});

describe('starting a conversation', () => {
  it('an empty conversation opens the icebreaker; one click sends a line as a text message', async () => {
    act(() => setUser(member({ status: 'active', credits: 10, free_messages_left: 3, free_conversations_left: 2 })));
    const calls = fakeApi({
      ...around(),
      'GET /api/messages.php': { status: 200, body: conversation([], { conversation: null }) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
      'POST /api/message.php': (call) => sent(call, 1, { credits: 10, free_messages_left: 2 }),
    });
    await renderChat('/members/5/chat');
    const dialog = await screen.findByRole('dialog', { name: 'Breek het ijs met Sanne' });
    expect(calls.map((c) => c.path)).toContain('/api/messages.php?profile=5');
    const lines = within(dialog).getAllByRole('button', { name: /Gratis$/ });
    expect(lines.length).toBeGreaterThanOrEqual(8);
    const line = 'Hoi Sanne! Je profiel sprak me meteen aan. Hoe gaat het met je?';
    fireEvent.click(within(dialog).getByRole('button', { name: `${line} Gratis` }));

    await waitFor(() => expect(within(log()).getByText(line)).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls)).toEqual([{ to: 5, kind: 'text', text: line, client_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) }]);
    expect(field().value).toBe('');
    expect(sessionStore.get().user!.free_messages_left).toBe(2);
  });

  it('the icebreaker shows the price in credits for a paying member and can be closed to write oneself', async () => {
    act(() => setUser(premium()));
    fakeApi({
      ...around(),
      'GET /api/messages.php': { status: 200, body: conversation([], { conversation: null }) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
    });
    await renderChat('/members/5/chat');
    const dialog = await screen.findByRole('dialog', { name: 'Breek het ijs met Sanne' });
    expect(within(dialog).getAllByRole('button', { name: /2 credits$/ }).length).toBeGreaterThanOrEqual(8);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zelf iets schrijven' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Zeg hallo tegen Sanne' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Openingszinnen bekijken' }));
    expect(await screen.findByRole('dialog', { name: 'Breek het ijs met Sanne' })).toBeTruthy();
  });

  it('the gift picker lists the gifts with their price and sends the one picked', async () => {
    act(() => setUser(premium()));
    const calls = fakeApi({
      ...around(),
      'GET /api/messages.php': { status: 200, body: conversation([message(1)]) },
      'GET /api/gifts.php': { status: 200, body: GIFTS },
      'POST /api/message.php': (call) => sent(call, 2, { credits: 10 }),
    });
    await renderChat('/chats/11');
    await screen.findByRole('heading', { name: 'Sanne, 29' });
    fireEvent.click(screen.getByRole('button', { name: 'Stuur Sanne een cadeau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stuur Sanne een cadeau' });
    expect(within(dialog).getByText(/Je saldo: 20 credits/)).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Roos 10 credits' }));

    await waitFor(() => expect(within(log()).getByText('Roos')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(log()).getByText('Roos').closest('figure')!.querySelector('img')!.getAttribute('src')).toBe('/gifts/rose.svg');
    expect(posts(calls)).toEqual([{ to: 5, kind: 'gift', gift: 'rose', client_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) }]);
    expect(sessionStore.get().user!.credits).toBe(10);
  });

  it('a conversation that is not there (blocked, deleted) says so', async () => {
    act(() => setUser(premium()));
    fakeApi({ ...around(), 'GET /api/messages.php': { status: 404, body: { error: 'not_found_generic', message: 'Niet gevonden.' } } });
    await renderChat('/chats/77');
    expect((await screen.findByRole('alert')).textContent).toBe('Dit gesprek is niet (meer) beschikbaar.');
    expect(screen.getByRole('link', { name: 'Naar je berichten' }).getAttribute('href')).toBe('/chats');
  });
});
