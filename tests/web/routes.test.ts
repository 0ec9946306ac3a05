import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api } from '../../web/lib/request';
import type { ChatsAnswer, MessagesAnswer, SendAnswer } from '../../worker/contracts/chat';
import type { OperatorMeAnswer } from '../../worker/contracts/operator';
import type { TransactionAnswer, TransactionsAnswer } from '../../worker/contracts/payments';
import type { PushSubscriptionAnswer } from '../../worker/contracts/push';
import type { AnswerOf, OperatorRoutes } from '../../worker/contracts/routes';
import type { ApiResult } from '../../web/lib/http';

type Answer<P> = P extends Promise<ApiResult<infer A>> ? A : never;

/**
 * The route table binds path, method, body and answer (worker/contracts/routes.ts): the lines
 * marked @ts-expect-error are wrong pairs, and `npm run typecheck` fails if any of them compiles.
 */
function typeChecks(conversation: number, id: number) {
  expectTypeOf<Answer<ReturnType<typeof api.get<'/api/chats.php'>>>>().toEqualTypeOf<ChatsAnswer>();
  const page = api.get(`/api/messages.php?conversation=${conversation}`);
  expectTypeOf<Answer<typeof page>>().toEqualTypeOf<MessagesAnswer>();
  const one = api.get(`/api/transactions.php?id=${id}`);
  expectTypeOf<Answer<typeof one>>().toEqualTypeOf<TransactionAnswer>();
  const list = api.get(`/api/transactions.php?page=${id}`);
  expectTypeOf<Answer<typeof list>>().toEqualTypeOf<TransactionsAnswer>();
  const push = api.delete('/api/user.php?push=1', { endpoint: 'https://push.example/x' });
  expectTypeOf<Answer<typeof push>>().toEqualTypeOf<PushSubscriptionAnswer>();
  const sent = api.post('/api/message.php', { to: 4, kind: 'text', text: 'hoi', client_id: 'abcdefgh' });
  expectTypeOf<Answer<typeof sent>>().toEqualTypeOf<SendAnswer>();
  expectTypeOf<AnswerOf<OperatorRoutes, 'GET', '/api/operator/me.php'>>().toEqualTypeOf<OperatorMeAnswer>();

  // @ts-expect-error a path that is not in the table
  void api.get('/api/chatz.php');
  // @ts-expect-error a path of another method: message.php takes no GET
  void api.get('/api/message.php');
  // @ts-expect-error a body of the wrong shape: message.php takes `to`, not `member`
  void api.post('/api/message.php', { member: 4, kind: 'text', text: 'hoi', client_id: 'abcdefgh' });
  // @ts-expect-error a write without its body
  void api.post('/api/swipe.php');
  // @ts-expect-error the members' client knows nothing of the console's API
  void api.get('/api/operator/me.php');
  // @ts-expect-error an answer bound to the wrong path
  const wrong: Promise<ApiResult<ChatsAnswer>> = api.get('/api/gifts.php');
  void wrong;
}
void typeChecks;

describe('the typed client', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('is the one request function underneath: method, path and JSON body as written', async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      calls.push([path, init]);
      return new Response(JSON.stringify({ ok: true }), { status: 201 });
    });
    const res = await api.post('/api/swipe.php', { id: 7, action: 'like' } as never);
    expect(res).toEqual({ ok: true, status: 201, data: { ok: true } });
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe('/api/swipe.php');
    expect(calls[0]![1].method).toBe('POST');
    expect(calls[0]![1].body).toBe('{"id":7,"action":"like"}');
    expect(new Headers(calls[0]![1].headers).get('request-type')).toBe('client');
  });
});
