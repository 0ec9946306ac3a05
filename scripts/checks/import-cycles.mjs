// Import cycles in worker/ and web/, type-only imports included (ESLint's import-x/no-cycle skips
// `import type`, but a type-only cycle still ties two modules' designs together). Relative imports
// only: `import … from './x'`, `export … from './x'`, `import('./x')` (inline types too). Prints each
// cycle and exits 1 when there is one. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx)$/;
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
};
for (const dir of ['worker', 'web']) walk(join(root, dir));

const IMPORT = /(?:^|[^\w.])(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return null;
}
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const deps = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveImport(file, m[1] ?? m[2]);
    if (target && target !== file) deps.add(target);
  }
  graph.set(file, deps);
}

// Tarjan's strongly connected components: every component of more than one module holds a cycle
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function connect(v) {
  const s = { index, low: index, onStack: true };
  index++;
  state.set(v, s);
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    const t = state.get(w);
    if (!t) {
      connect(w);
      s.low = Math.min(s.low, state.get(w).low);
    } else if (t.onStack) s.low = Math.min(s.low, t.index);
  }
  if (s.low === s.index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  }
}
for (const v of graph.keys()) if (!state.has(v)) connect(v);

if (components.length === 0) {
  console.log(`import cycles: none in ${files.length} modules (type-only imports included)`);
} else {
  for (const c of components)
    console.error(
      `✗ import cycle: ${c
        .map((f) => relative(root, f))
        .sort()
        .join(' ⇄ ')}`,
    );
  process.exit(1);
}
