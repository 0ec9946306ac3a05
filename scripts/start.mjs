// npm start: migrations and demo data on the local D1, the web build, then wrangler dev on :8787.
import { spawn } from 'node:child_process';
import { bin, ensureBuild, prepareDatabase, wranglerEnv } from './lib.mjs';

prepareDatabase();
if (!process.argv.includes('--no-build')) ensureBuild(true);
console.log('\nSite: http://localhost:8787  (other sites: http://<slug>.localhost:8787, see README)');
console.log('Operator console: http://operator.localhost:8787  (admin@operator.localhost / operator-password, code: npx tsx scripts/totp.ts)\n');
const child = spawn(bin('wrangler'), ['dev', '--port', '8787'], { stdio: 'inherit', env: wranglerEnv });
child.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
