import { Secret, TOTP } from 'otpauth';

/**
 * Second factor of operator logins: TOTP (RFC 6238) as every authenticator app does it, SHA-1,
 * 6 digits, 30-second steps, through the `otpauth` library. A code is accepted one step either
 * side of now (clock drift); the caller keeps the step it was accepted at, so it works once.
 */
const PERIOD = 30;
const totp = (secret: string, label = 'operator') =>
  new TOTP({ issuer: 'Vonkje console', label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app enrols with (as text or a QR code). */
export const totpUri = (secret: string, label: string) => totp(secret, label).toString();

/** The time step a valid code belongs to at `now`, or null for a wrong code. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const t = totp(secret);
  const delta = t.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : t.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of `now` (the development helper scripts/totp.ts and the tests). */
export const totpCode = (secret: string, now = new Date()) => totp(secret).generate({ timestamp: now.getTime() });

/** The header by which a test names the moment a development worker checks an operator's code at (tests/e2e/fixtures.ts). */
export const DEV_TOTP_AT_HEADER = 'x-dev-totp-at';

/**
 * The moment an operator's code is checked at: `now`; in development only, the moment a test named
 * in DEV_TOTP_AT_HEADER (milliseconds since 1970), so a test that logs an operator in twice takes
 * a later step at once instead of waiting up to 30 s for it (a code is good once). Outside
 * development the header is ignored: the code is checked at the worker's own time.
 */
export function totpMoment(environment: string | undefined, named: string | undefined, now: Date): Date {
  if (environment !== 'development' || !named || !/^\d{1,15}$/.test(named)) return now;
  return new Date(Number(named));
}
