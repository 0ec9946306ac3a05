import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** scripts/check-references.mjs (part of `npm run lint`) in a small repository of its own. */
const SCRIPT = join(import.meta.dirname, '../../scripts/check-references.mjs');

function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'refs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  spawnSync('git', ['init', '-q'], { cwd: dir });
  const r = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

const README = '# Site\n\n## Decisions\n\n- **Mail through the outbox.** Every mail ...\n';
const DOCS = { 'docs/decisions/001-deploy.md': '# Deploy with custom domains\n\nContext ...\n' };

it('accepts headings of README.md (Markdown or a decision’s bold lead) and of docs/, and files that exist', () => {
  const r = check({
    'README.md': README,
    ...DOCS,
    'worker/lib/clock.ts': 'export const x = 1;\n',
    'worker/a.ts': [
      '// as README, "Mail through the outbox" says (README, "Decisions")',
      '/** See README, "Deploy with custom domains", and worker/lib/clock.ts. */',
      "const url = 'http://example.org/worker/none.ts'; // (README, Decisions)",
    ].join('\n'),
  });
  expect(r.out).toContain('every named file and heading exists');
  expect(r.status).toBe(0);
});

it('names each comment that cites a heading or a file that is absent', () => {
  const r = check({
    'README.md': README,
    ...DOCS,
    'worker/a.ts': [
      '// (README, "Operator console")',
      '/**',
      ' * kept in worker/lib/gone.ts (README, chat decisions)',
      ' */',
      'export {};',
    ].join('\n'),
  });
  expect(r.status).toBe(1);
  expect(r.out).toContain('worker/a.ts:1: names the heading "Operator console"');
  expect(r.out).toContain('worker/a.ts:2: names worker/lib/gone.ts, which does not exist');
  expect(r.out).toContain('worker/a.ts:2: names the heading "chat decisions"');
  expect(r.out).toContain('3 comment(s)');
});
