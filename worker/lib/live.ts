import { operatorTag, type ChatDeskEvent, type LiveEvent } from '../contracts/live';
import type { Bindings } from '../env';

const inbox = (env: Bindings, memberId: number) => env.INBOX.get(env.INBOX.idFromName(String(memberId)));

/** Sends events to members' open tabs; a failure is logged, never the request's failure (D1 has the truth). */
export async function publish(env: Bindings, events: [memberId: number, event: LiveEvent][]) {
  await Promise.all(
    events.map(([memberId, event]) =>
      inbox(env, memberId)
        .push(JSON.stringify(event))
        .catch((error: unknown) => console.error('live: push failed', memberId, error)),
    ),
  );
}

/** Closes the live connections of one session (a hash), or all of a member's (a ban with its own code and reason). */
export const disconnect = (env: Bindings, memberId: number, session: string | null, close?: { code: number; reason: string }) =>
  inbox(env, memberId)
    .disconnect(session, close?.code, close?.reason)
    .catch((error: unknown) => console.error('live: disconnect failed', memberId, error));

/** Forwards a WebSocket upgrade to the member's Durable Object. */
export const connect = (env: Bindings, memberId: number, session: string, request: Request) =>
  inbox(env, memberId).fetch(new Request(`https://inbox/connect?session=${encodeURIComponent(session)}`, request));

/** Whether one of the member's open tabs shows the conversation now; false when the object cannot tell (then a push goes out). */
export const isViewing = (env: Bindings, memberId: number, conversation: number) =>
  inbox(env, memberId)
    .viewing(conversation)
    .catch((error: unknown) => {
      console.error('live: viewing failed', memberId, error);
      return false;
    });

/**
 * The chat operators' side: one Durable Object per company (the same class as a member's inbox,
 * named `desk:<company>`, which no member id can be), holding the console's WebSockets. The send
 * path tells it when a member writes to a fictional profile; the console then reloads its queue
 * from D1, the source of truth.
 */
const desk = (env: Bindings, companyId: number) => env.INBOX.get(env.INBOX.idFromName(`desk:${companyId}`));

/** An event to every open console of the company's operators; a failure is logged, never the request's. */
export const publishDesk = (env: Bindings, companyId: number, event: ChatDeskEvent) =>
  desk(env, companyId)
    .push(JSON.stringify(event))
    .then(() => undefined)
    .catch((error: unknown) => console.error('live: desk push failed', companyId, error));

/** Forwards a console's WebSocket upgrade to its company's desk; the socket is tagged with its session and its operator. */
export const connectDesk = (env: Bindings, companyId: number, session: string, operatorId: number, request: Request) =>
  desk(env, companyId).fetch(new Request(`https://desk/connect?session=${encodeURIComponent(session)}&operator=${operatorId}`, request));

/**
 * Closes an operator's console sockets within their company's desk: one session's (a logout), or
 * every one of the operator's (disabled, role changed, password changed or reset: whatever ends
 * the right to the desk), or every one but `keep`'s (a session that stays: a new authenticator
 * ends the others). Awaiting it means the sockets are closed; a failure is logged.
 */
export const disconnectOperator = (
  env: Bindings,
  companyId: number,
  operatorId: number,
  session: string | null = null,
  { keep = null }: { keep?: string | null } = {},
) =>
  desk(env, companyId)
    .disconnect(session ?? operatorTag(operatorId), undefined, undefined, keep)
    .catch((error: unknown) => console.error('live: desk disconnect failed', companyId, error));
