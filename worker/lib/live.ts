import type { LiveEvent } from '../contracts/live';
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

/** Closes the live connections of one session (a hash), or all of a member's. */
export const disconnect = (env: Bindings, memberId: number, session: string | null) =>
  inbox(env, memberId)
    .disconnect(session)
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
