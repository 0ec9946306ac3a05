// The last thing `npm start` prints, once the site answers: where the sites are and how to log in
// (the demo logins of scripts/seed.ts and the development operators of scripts/dev-operator.ts).
// `npx tsx scripts/logins.ts [port]` prints it again.
import { DEV_MODERATOR, DEV_OPERATOR, devTotpSecret } from './dev-operator';

const port = process.argv[2] ?? process.env.PORT ?? '8787';
const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[22m` : s);

console.log(`
${bold(`Site: http://localhost:${port}`)}   (the other sites: http://<slug>.localhost:${port}, e.g. http://bdsm-nl.localhost:${port}; slugs in tenants/)
  members   free@example.com / demo-password        premium@example.com / demo-password (250 credits)
  mail and SMS sent locally: http://localhost:${port}/dev/mail and /dev/sms

${bold(`Operator console: http://operator.localhost:${port}`)}
  ${DEV_OPERATOR.email} / ${DEV_OPERATOR.password}   (${DEV_MODERATOR.email}: a moderator, same password)
  TOTP secret ${devTotpSecret()}   (add it to an authenticator app, or: npx tsx scripts/totp.ts)

Ctrl-C stops the server.`);
