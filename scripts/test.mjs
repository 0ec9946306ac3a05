// npm test — typecheck, linter, tenant files and a fresh web build side by side; then the worker,
// unit and web tests; then e2e.
import { bin, buildSteps, run, runAll } from './lib.mjs';

await runAll([
  [bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  [bin('eslint'), ['.']],
  // the formatter (.prettierrc.json: printWidth 140): npm run format fixes what it finds
  [bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  // the rest of npm run lint: comments' references, import cycles with type-only imports
  ['node', ['scripts/check-references.mjs']],
  ['node', ['scripts/checks/import-cycles.mjs']],
  // the tenant files' check is the build's first step
  buildSteps(),
]);
run(bin('vitest'), ['run']);
run('node', ['scripts/e2e.mjs']);
console.log('\nAll tests passed.');
