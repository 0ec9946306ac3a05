import { DurableObject } from 'cloudflare:workers';
import { LIVE_CLOSE } from '../contracts/live.values';
import { liveClientMessage, operatorTag } from '../contracts/live';

/** Kept with each socket across hibernation: its session, and the conversations its tab shows (visible). */
type Attachment = { session: string; viewing?: number[] };

/**
 * One Durable Object per member: it holds that member's WebSockets (the Hibernation API, so an
 * idle connection costs nothing) and fans events out to every open tab. D1 stays the source of
 * truth; nothing is stored here. Pings are answered by the runtime without waking the object.
 */
export class Inbox extends DurableObject<object> {
  // the object needs none of the worker's bindings (so it imports nothing of worker/env)
  constructor(ctx: DurableObjectState, env: object) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** The upgrade, forwarded by GET /api/live.php after it checked the session and the Origin. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    const url = new URL(request.url);
    const session = url.searchParams.get('session') ?? '';
    const operator = Number(url.searchParams.get('operator'));
    const { 0: client, 1: server } = new WebSocketPair();
    // a desk's socket is also tagged with its operator, so all of one operator's sockets can be closed at once
    this.ctx.acceptWebSocket(server, operator > 0 ? [session, operatorTag(operator)] : [session]);
    server.serializeAttachment({ session } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** An event (JSON) to every open tab of this member. */
  async push(event: string) {
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(event);
        sent++;
      } catch {
        // a socket closing meanwhile: the client reconnects
      }
    }
    return sent;
  }

  /**
   * A session ended (logout) or every session (password change, deletion, a ban: its own code and
   * reason): its sockets close. `session` is a tag: a session's hash, or on a desk an operator's
   * tag (operatorTag). `keep`: a session whose sockets stay (the one that made the change).
   */
  async disconnect(session: string | null, code: number = LIVE_CLOSE.sessionEnded, reason = 'session ended', keep: string | null = null) {
    for (const ws of session ? this.ctx.getWebSockets(session) : this.ctx.getWebSockets()) {
      if (keep !== null && this.ctx.getTags(ws).includes(keep)) continue;
      try {
        ws.close(code, reason);
      } catch {
        // closing already
      }
    }
  }

  /**
   * Besides pings (answered by the runtime), a tab tells which conversations it shows while
   * visible (none when hidden), so a new message is not pushed to a member who is reading it.
   * Anything else is ignored.
   */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (typeof message !== 'string' || message.length > 1024) return;
    let parsed;
    try {
      parsed = liveClientMessage.safeParse(JSON.parse(message));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const attachment = ws.deserializeAttachment() as Attachment;
    ws.serializeAttachment({ session: attachment.session, viewing: parsed.data.conversations } satisfies Attachment);
  }

  /** Does an open tab of this member show this conversation right now? */
  async viewing(conversation: number): Promise<boolean> {
    return this.ctx
      .getWebSockets()
      .some(
        (ws) =>
          ws.readyState === WebSocket.OPEN && ((ws.deserializeAttachment() as Attachment | null)?.viewing ?? []).includes(conversation),
      );
  }

  async webSocketClose(ws: WebSocket, code: number) {
    // echoing 1005 ("no status") throws: close normally
    ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
  }
}
