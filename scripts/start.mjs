// npm start: migrations and demo data on the local D1, the web build, then wrangler dev on PORT (8787 unless set),
// so two checkouts can run side by side (`PORT=8797 npm start`). `npm run dev`: the same without the build.
import { spawn } from 'node:child_process';
import { bin, ensureBuild, ensurePortFree, prepareDatabase, wranglerEnv } from './lib.mjs';

const port = process.env.PORT ?? '8787';
if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error(`✗ PORT must be a port number (1–65535), not "${port}"`);
  process.exit(1);
}
await ensurePortFree(port, 'PORT');
prepareDatabase();
if (!process.argv.includes('--no-build')) ensureBuild(true);
console.log(`\nSite: http://localhost:${port}  (other sites: http://<slug>.localhost:${port}, see README)`);
console.log(`Operator console: http://operator.localhost:${port}  (admin@operator.localhost / operator-password, code: npx tsx scripts/totp.ts)\n`);
const child = spawn(bin('wrangler'), ['dev', '--port', port], { stdio: 'inherit', env: wranglerEnv });
child.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
