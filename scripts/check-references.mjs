// Part of `npm run lint`: a comment that names a repository file (`worker/lib/clock.ts`) or a README
// heading (`README, "Mail"`) must name one that exists. The decisions move from README.md to
// docs/**/*.md: a heading is found in either. A heading is a Markdown heading (`## Deploy`) or a
// decision's bold lead (`- **Deploy.** ...`); the quoted text must begin one of them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  // its own test writes broken references on purpose, in strings this check would read as comments
  .filter(
    (f) =>
      /\.(ts|tsx|mjs|js|cjs)$/.test(f) &&
      !/^(node_modules|web\/dist|web\/dist-ssr)\//.test(f) &&
      f !== 'tests/unit/check-references.test.ts' &&
      existsSync(f),
  );
const markdown = ['README.md'];
for (const f of execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'docs'], { encoding: 'utf8' }).split('\n'))
  if (f.endsWith('.md') && existsSync(f)) markdown.push(f);

const normal = (s) => s.toLowerCase().replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim().replace(/[.:]$/, '');
const headings = [];
for (const file of markdown) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^#{1,6}\s+(.+)$/gm)) headings.push(normal(m[1]));
  for (const m of text.matchAll(/^\s*(?:[-*]|\d+\.)?\s*\*\*([^*]+)\*\*/gm)) headings.push(normal(m[1]));
}
const headingExists = (quoted) => {
  const q = normal(quoted);
  return headings.some((h) => h === q || h.startsWith(q));
};

/** The comments of a source file with the line each starts on (`//` not after a `:`, and block comments). */
function comments(text) {
  const out = [];
  for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g))
    out.push({ text: m[0], line: text.slice(0, m.index).split('\n').length });
  return out;
}

const PATH =
  /(?<![\w./-])((?:worker|web|scripts|tests|tenants|locales|migrations|docs)\/[\w.@-]+(?:\/[\w.@-]+)*\.(?:ts|tsx|mjs|js|cjs|json|md|sql|toml|html|txt))(?![\w/])/g;
const HEADING = /README(?:\.md)?(?:'s)?,?\s+(?:section\s+|under\s+)?["“]([^"”]{2,80})["”]/g;
/** The unquoted form: `(README, Demo data)`, up to the parenthesis' end or a colon. */
const BARE_HEADING = /\(README, ([^)"“:;\n*]{2,60})[):;]/g;

const problems = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const c of comments(text)) {
    for (const m of c.text.matchAll(PATH)) {
      const path = m[1].replace(/\.$/, '');
      if (path.startsWith('web/dist/') || path.startsWith('web/dist-ssr/')) continue;
      if (!existsSync(path)) problems.push(`${file}:${c.line}: names ${path}, which does not exist`);
    }
    for (const m of [...c.text.matchAll(HEADING), ...c.text.matchAll(BARE_HEADING)])
      if (!headingExists(m[1])) problems.push(`${file}:${c.line}: names the heading "${m[1]}", found neither in README.md nor in docs/`);
  }
}
if (problems.length) {
  console.error(`✗ ${problems.length} comment(s) name what does not exist:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`references: ${files.length} files checked, every named file and heading exists`);
