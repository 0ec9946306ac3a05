import { describe, expect, it } from 'vitest';
import { activeMember } from './account-helpers';
import { call } from './helpers';
import { OP, operatorSession } from './operator-helpers';

/**
 * Issue 31, finding 7: every body limit counts the bytes actually read. A chunked body (a stream,
 * no Content-Length) past the limit is 413, and so is one whose Content-Length says less than it
 * carries; reading stops soon after the limit (the stream is not read whole).
 */
const V = 'http://vonkje.localhost';
const CHUNK = 64 * 1024;

/** A body of `total` bytes as a stream, counting what was pulled from it. */
function stream(total: number) {
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const n = Math.min(CHUNK, total - pulled.bytes);
      if (n <= 0) return controller.close();
      pulled.bytes += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
  return { body, pulled };
}

const MB = 1024 * 1024;
type Place = { name: string; url: string; limit: number; code: string; headers: () => Promise<Record<string, string>> };
const member = async () => ({ 'request-type': 'client', cookie: `sid=${(await activeMember()).cookie}` });
const places: Place[] = [
  {
    name: 'the members’ API (JSON, 1 MB)',
    url: `${V}/api/message.php`,
    limit: MB,
    code: 'payload_too_large',
    headers: async () => ({ ...(await member()), 'content-type': 'application/json' }),
  },
  {
    name: 'a profile photo (10 MB + 64 KB)',
    url: `${V}/api/photo.php`,
    limit: 10 * MB + CHUNK,
    code: 'invalid_photo',
    headers: async () => ({ ...(await member()), 'content-type': 'multipart/form-data; boundary=x' }),
  },
  {
    name: 'a chat image (10 MB + 64 KB)',
    url: `${V}/api/message.php`,
    limit: 10 * MB + CHUNK,
    code: 'invalid_photo',
    headers: async () => ({ ...(await member()), 'content-type': 'multipart/form-data; boundary=x' }),
  },
  {
    name: 'the SMS status hook (64 KB)',
    url: `${V}/hooks/sms-status`,
    limit: CHUNK,
    code: 'payload_too_large',
    headers: async () => ({ 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' }),
  },
  {
    name: 'the payment webhook (16 KB)',
    url: `${V}/hooks/payments/mollie`,
    limit: 16 * 1024,
    code: 'payload_too_large',
    headers: async () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
  },
  {
    name: 'the operators’ API (JSON, 1 MB)',
    url: `${OP}/api/operator/chat-note.php`,
    limit: MB,
    code: 'payload_too_large',
    headers: async () => ({
      'request-type': 'client',
      'content-type': 'application/json',
      origin: OP,
      cookie: `osid=${(await operatorSession('chat')).cookie}`,
    }),
  },
  {
    name: 'a fictional profile’s photo (10 MB + 64 KB)',
    url: `${OP}/api/operator/fictional-photo.php`,
    limit: 10 * MB + CHUNK,
    code: 'invalid_photo',
    headers: async () => ({
      'request-type': 'client',
      'content-type': 'multipart/form-data; boundary=x',
      origin: OP,
      cookie: `osid=${(await operatorSession('admin')).cookie}`,
    }),
  },
];

describe('body limits count the bytes read', () => {
  for (const place of places) {
    it(`${place.name}: a chunked body past the limit is 413, read no further than the limit`, async () => {
      const { body, pulled } = stream(place.limit + 8 * MB);
      const res = await call(place.url, { method: 'POST', headers: await place.headers(), body });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: place.code, message: expect.any(String) });
      // the stream was not read whole: at most a few chunks past the limit
      expect(pulled.bytes).toBeLessThanOrEqual(place.limit + 4 * CHUNK);
    });

    it(`${place.name}: a Content-Length that says less than the body carries is 413`, async () => {
      const { body } = stream(place.limit + CHUNK);
      const res = await call(place.url, { method: 'POST', headers: { ...(await place.headers()), 'content-length': '100' }, body });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: place.code });
    });
  }

  it('a chunked body within the limit is read and answered as usual', async () => {
    const headers = await member();
    const res = await call(`${V}/api/message.php`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: stream(10).body,
    });
    // ten bytes of "a": not JSON, a 400 with its message (not 413, not 500)
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    const hook = await call(`${V}/hooks/payments/sim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new Blob(['id=nothing']).stream(),
    });
    expect(hook.status).toBe(200);
    // a fictional profile's photo over the operators' 1 MB JSON limit is read under its own limit
    const admin = await operatorSession('admin');
    const form = new FormData();
    form.set('id', '999999999');
    form.set('photo', new File([new Uint8Array(2 * MB)], 'big.png', { type: 'image/png' }));
    const photo = await call(`${OP}/api/operator/fictional-photo.php`, {
      method: 'POST',
      headers: { 'request-type': 'client', origin: OP, cookie: `osid=${admin.cookie}` },
      body: form,
    });
    expect(photo.status).toBe(404);
  });
});
