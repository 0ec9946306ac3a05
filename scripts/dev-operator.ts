// The development admin of the operator console (npm start's seed creates it, idempotently).
// Its TOTP secret is derived from this machine's random PASSWORD_PEPPER (.dev.vars), so it is
// the same on every start of one checkout and different on every machine; nothing is committed.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';

export const DEV_OPERATOR = {
  email: 'admin@operator.localhost',
  name: 'Dev Admin',
  password: 'operator-password',
  companyId: 1,
  role: 'admin',
} as const;
/** A moderator of the main company too (the e2e suite's profile test approves with it; a code is good once, so each login needs its own account or step). */
export const DEV_MODERATOR = {
  email: 'moderator@operator.localhost',
  name: 'Dev Moderator',
  password: 'operator-password',
  companyId: 1,
  role: 'moderator',
} as const;
/**
 * The e2e suite's admins, one per spec file that logs in to the console (only the e2e database has
 * them: scripts/e2e.mjs seeds with SEED_E2E_OPERATORS=1). A code is good once per operator, so
 * specs running side by side on two Playwright workers would otherwise refuse each other's login.
 */
const E2E_SPECS = { 'chat-console': 'Chat', export: 'Export', operator: 'Moderatie', reports: 'Meldingen' } as const;
export const e2eAdmin = (spec: keyof typeof E2E_SPECS) =>
  ({
    email: `e2e-${spec}@operator.localhost`,
    name: `E2E Admin ${E2E_SPECS[spec]}`,
    password: 'operator-password',
    companyId: 1,
    role: 'admin',
  }) as const;
export const E2E_ADMINS = (Object.keys(E2E_SPECS) as (keyof typeof E2E_SPECS)[]).map(e2eAdmin);

/** The pepper of .dev.vars (or PASSWORD_PEPPER when set). */
export function devPepper(): string {
  if (process.env.PASSWORD_PEPPER) return process.env.PASSWORD_PEPPER;
  const vars = readFileSync('.dev.vars', 'utf8');
  const pepper = /^PASSWORD_PEPPER=(.+)$/m.exec(vars)?.[1]?.trim();
  if (!pepper) throw new Error('no PASSWORD_PEPPER in .dev.vars: run npm start once');
  return pepper;
}

/** A development operator's TOTP secret (base32, 160 bits): the admin's unless another e-mail is named. */
export const devTotpSecret = (pepper = devPepper(), email: string = DEV_OPERATOR.email) =>
  new Secret({
    buffer: Uint8Array.from(
      createHmac('sha256', pepper)
        .update(email === DEV_OPERATOR.email ? 'dev-operator-totp' : `dev-operator-totp:${email}`)
        .digest()
        .subarray(0, 20),
    ).buffer,
  }).base32;

/** The current code of a base32 secret (as an authenticator app shows it). */
export const totpNow = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
