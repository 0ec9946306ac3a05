// A one-time set-up link for an operator, made straight in D1: the way in for an environment's first
// admin (README, "Running in production", step 8), and for an admin who lost their authenticator
// when no other admin can reset them. It adds the operator when the address is new (with --role,
// admin unless said), stores only the SHA-256 of the link's token, and prints the link; the
// operator chooses their own password and enrols their own authenticator with it. With --reset an
// existing operator's password and code stop working at once and their sessions end.
//
//   npm run operator:link -- --email ann@vonkmedia.nl --name "Ann" [--company 1] [--role admin] [--reset]
//   npm run operator:link -- --env production --email ... --name ...   (the deployed D1, through wrangler --remote)
import { createHash, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import companies from '../tenants/companies.json';

const { values: a } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    company: { type: 'string', default: '1' },
    role: { type: 'string', default: 'admin' },
    env: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});
const fail = (why: string): never => {
  console.error(`operator-link: ${why}`);
  process.exit(1);
};
const email = (a.email ?? '').trim().toLowerCase();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('--email <address> is required');
const name = (a.name ?? '').trim();
if (!name || name.length > 80) fail('--name <1 to 80 characters> is required');
if (!['admin', 'moderator', 'chat'].includes(a.role!)) fail('--role is admin, moderator or chat');
const company = companies.find((c) => String(c.id) === a.company) ?? fail(`no company ${a.company} in tenants/companies.json`);
const env = a.env as 'staging' | 'production' | undefined;
if (env !== undefined && !['staging', 'production'].includes(env)) fail('--env is staging or production');
const config = env ? `.wrangler/deploy/${env}/wrangler.json` : null;
if (config && !existsSync(config)) fail(`${config} is missing: run npm run deploy -- --env ${env} --dry-run first`);

const q = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);
const token = randomBytes(32).toString('base64url');
const hash = createHash('sha256').update(token).digest('hex');
const now = new Date();
const expires = new Date(now.getTime() + 24 * 3600_000); // SETUP_HOURS of worker/features/operator/credentials.queries.ts
const id = `(SELECT id FROM operators WHERE email = ${q(email)})`;
const sql = [
  // a new address: an operator without credentials (the empty hash and secret: nothing logs in with them)
  `INSERT INTO operators (company_id, email, name, role, password_hash, totp_secret, created_at) VALUES (${company.id}, ${q(email)}, ${q(name)}, ${q(a.role!)}, '', '', ${q(now.toISOString())}) ON CONFLICT (email) DO NOTHING`,
  ...(a.reset
    ? [
        `UPDATE operators SET password_hash = '', totp_secret = '', last_totp_step = NULL, pending_totp_secret = NULL WHERE email = ${q(email)}`,
        `DELETE FROM operator_sessions WHERE operator_id = ${id}`,
      ]
    : []),
  `DELETE FROM operator_setup_tokens WHERE operator_id = ${id}`,
  `INSERT INTO operator_setup_tokens (token_hash, operator_id, created_at, expires_at) VALUES (${q(hash)}, ${id}, ${q(now.toISOString())}, ${q(expires.toISOString())})`,
  `INSERT INTO audit_log (company_id, operator_id, action, object_type, object_id, before, after, created_at) SELECT company_id, id, 'operator.setup_link', 'operator', CAST(id AS TEXT), NULL, ${q(JSON.stringify({ by: 'command line', reset: a.reset }))}, ${q(now.toISOString())} FROM operators WHERE email = ${q(email)}`,
].join(';\n');

const args = ['d1', 'execute', 'DB', '--command', sql, ...(env ? ['--remote', '--env', env, '--config', config!] : ['--local'])];
const r = spawnSync('node_modules/.bin/wrangler', args, {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? 'true' },
});
if (r.status !== 0) fail(`wrangler d1 execute failed (exit ${r.status ?? r.signal})`);
const host = env ? `https://${company.operator_hosts[env]}` : `http://operator.localhost:${process.env.PORT ?? '8787'}`;
console.log(
  `Set-up link for ${email} (${company.name}), valid once until ${expires.toISOString()}:\n\n  ${host}/setup#${token}\n\nHand it to that person only; they choose their own password and authenticator with it.`,
);
