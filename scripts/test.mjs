// npm test — typecheck, tenant files, a fresh web build, worker + unit + web tests, then e2e.
import { bin, ensureBuild, run } from './lib.mjs';

run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
run(bin('eslint'), ['.']);
run(bin('tsx'), ['scripts/tenants-check.ts']);
ensureBuild(true);
run(bin('vitest'), ['run']);
run('node', ['scripts/e2e.mjs']);
console.log('\nAll tests passed.');
