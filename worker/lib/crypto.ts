/**
 * Passwords: PBKDF2-SHA-256 with a per-password salt over HMAC(pepper, password). Workers cap
 * PBKDF2 at 100,000 iterations in production; the parameters are stored with each hash so they
 * can be raised later (verifyPassword reports `stale` for an old parameter set).
 */
export const PBKDF2_ITERATIONS = 100_000;
const enc = new TextEncoder();

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64url = (s: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

async function peppered(password: string, pepper: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey('raw', enc.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', key, enc.encode(password.normalize('NFKC')));
}

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey('raw', await peppered(password, pepper), 'PBKDF2', false, ['deriveBits']);
  return crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function hashPassword(password: string, pepper: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${iterations}$${b64url(salt)}$${b64url(await derive(password, pepper, salt, iterations))}`;
}

export async function verifyPassword(password: string, stored: string | null, pepper: string) {
  const [scheme, iter, salt, hash] = (stored ?? '').split('$');
  const iterations = Number(iter);
  if (scheme !== 'pbkdf2-sha256' || !salt || !hash || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    await derive(password, pepper, new Uint8Array(16), PBKDF2_ITERATIONS); // same work for unknown accounts
    return { ok: false, stale: false };
  }
  const actual = new Uint8Array(await derive(password, pepper, fromB64url(salt), iterations));
  const expected = fromB64url(hash);
  const ok = constantTimeEqual(actual, expected);
  return { ok, stale: iterations < PBKDF2_ITERATIONS };
}

/** A random url-safe key of `bytes` random bytes (4/3 as many characters): payment ids, a provider's ids. */
export const randomKey = (bytes: number) => b64url(crypto.getRandomValues(new Uint8Array(bytes)));

/** A random token of 256 bits for cookies and mailed links; only its SHA-256 is stored. */
export const newToken = () => b64url(crypto.getRandomValues(new Uint8Array(32)));
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', enc.encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares secrets by their SHA-256 so the time taken says nothing about the secret. */
export async function sameSecret(a: string, b: string) {
  const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(s)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  return constantTimeEqual(x, y);
}

/** HMAC-SHA-256 of a text with a secret, as lower-case hex (webhook signatures). */
export async function hmacHex(secret: string, text: string) {
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, enc.encode(text));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random 48-bit id (members, conversations): known before the insert and never sequential. */
export const randomId = () => {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2)) as unknown as [number, number];
  return (hi % 0xffff) * 2 ** 32 + lo + 2 ** 32;
};
