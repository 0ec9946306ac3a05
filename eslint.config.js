// ESLint enforces import boundaries only (no style rules): no import cycles, and which folders may
// import which. Imports are resolved through tsconfig.json, so an import that does not resolve is
// not checked: keep `tsc` green alongside. Type-only imports are boundary crossings too.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

/** Sub-folders of a folder (none if it does not exist), so a new feature folder is covered at once. */
const folders = (dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];

/** Each feature folder of `dir` may import nothing from `dir` outside itself. */
const featureZones = (dir, message) =>
  folders(dir).map((name) => ({ target: `${dir}/${name}`, from: dir, except: [`./${name}`], message }));

/** A bare string as a zod message (a check's last argument, `{ error }`, `{ message }`): use `issue(code)`. */
const ZOD_CHECKS =
  'min|max|length|regex|refine|superRefine|int|positive|nonnegative|negative|nonpositive|gt|gte|lt|lte|multipleOf|email|url|uuid|nonempty';
const zodMessage =
  "zod messages are error codes: write issue('<code>') (worker/contracts/errors.ts) so a misspelt code fails the typecheck";
const zodMessageRules = [
  { selector: `CallExpression[callee.property.name=/^(${ZOD_CHECKS})$/] > Literal.arguments[value=/^[a-z]/]`, message: zodMessage },
  {
    selector:
      "CallExpression[callee.object.name='z'][callee.property.name=/^(string|number|bigint|boolean|date|iso|object|strictObject|array)$/] > Literal.arguments[value=/^[a-z]/]",
    message: zodMessage,
  },
  { selector: "CallExpression[callee.property.name='addIssue'] Property[key.name='message'] > Literal.value", message: zodMessage },
  {
    selector: `CallExpression:matches([callee.object.name='z'], [callee.property.name=/^(${ZOD_CHECKS}|string|number|enum|literal|object|array|boolean|date|coerce)$/]) > ObjectExpression.arguments > Property:matches([key.name='error'], [key.name='message']) > Literal.value`,
    message: zodMessage,
  },
];

/**
 * zod as a namespace (`import * as z from 'zod'`): esbuild keeps only what the worker uses. `import { z }` takes
 * zod's object of everything it exports, its 66 locales included, into the bundle the worker parses at every start
 * (docs/decisions/194-start-up-without-validation.md).
 */
const zodImportRule = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[importKind!='type'][imported.name='z']",
  message: "import * as z from 'zod': `import { z }` brings all of zod into the worker's bundle",
};

/**
 * drizzle's `inArray` binds one parameter per value, and D1 binds at most 100 a statement: a list that grows with the
 * data (a member's conversations, an object's reporters) made the statement fail (a 500). `inList` (worker/lib/db)
 * binds the list as one JSON parameter. A list bounded by a constant or a page keeps `inArray`, with the bound said in
 * the disabling comment.
 */
const inArrayRule = {
  selector: 'CallExpression[callee.name=/^(inArray|notInArray)$/]',
  message:
    'D1 binds at most 100 parameters a statement: use inList (worker/lib/db), or say what bounds this list in an eslint-disable comment',
};

const zones = [
  // a. worker features never import each other.
  ...featureZones('worker/features', 'features do not import each other; move shared code to worker/domain or worker/lib'),
  // b. worker/lib is the bottom layer.
  {
    target: 'worker/lib',
    from: ['worker/features', 'worker/domain', 'worker/middleware', 'worker/app.ts', 'worker/index.ts', 'worker/features.ts'],
    message: 'worker/lib may not import features, domain, middleware or the app entry points',
  },
  // c. worker/domain sits above lib, below features and middleware.
  {
    target: 'worker/domain',
    from: ['worker/features', 'worker/middleware', 'worker/app.ts', 'worker/index.ts', 'worker/features.ts'],
    message: 'worker/domain may not import features, middleware or the app',
  },
  // c2. middleware runs before any feature and knows none of them.
  {
    target: 'worker/middleware',
    from: ['worker/features', 'worker/app.ts', 'worker/index.ts', 'worker/features.ts'],
    message: 'worker/middleware may not import features or the app',
  },
  // c3. the Durable Object classes hold sockets and nothing else: they import only contracts.
  {
    target: 'worker/realtime',
    from: [
      'worker/features',
      'worker/domain',
      'worker/middleware',
      'worker/lib',
      'worker/env.ts',
      'worker/app.ts',
      'worker/index.ts',
      'worker/features.ts',
    ],
    message: 'worker/realtime may import only worker/contracts',
  },
  // d. worker/contracts stands alone, so web can import it without pulling in worker runtime code.
  {
    target: 'worker/contracts',
    from: 'worker',
    except: ['./contracts'],
    message: 'worker/contracts may import only worker/contracts (web imports it)',
  },
  // e. web reaches the worker through worker/contracts only.
  {
    target: 'web',
    from: 'worker',
    except: ['./contracts'],
    message: 'web may import from worker/ only worker/contracts',
  },
  // e2. the worker never imports web/ (the mails' templates are the worker's own, worker/lib/mail), but for the
  // members page's server render (web/members-ssr.tsx, built into web/dist-ssr), which the shell feature alone imports.
  {
    target: 'worker',
    from: 'web',
    except: ['./members-ssr.tsx'],
    message: 'worker may not import from web/; share through worker/contracts',
  },
  {
    target: [
      ...folders('worker')
        .filter((f) => f !== 'features')
        .map((f) => `worker/${f}`),
      ...folders('worker/features')
        .filter((f) => f !== 'shell')
        .map((f) => `worker/features/${f}`),
      'worker/app.ts',
      'worker/index.ts',
      'worker/features.ts',
      'worker/env.ts',
    ],
    from: 'web/members-ssr.tsx',
    message: "only the shell feature imports the members page's server render (members-ssr)",
  },
  // f. web features never import each other.
  ...featureZones('web/features', 'web features do not import each other; move shared code to web/lib or web/components'),
  // g. web/lib and web/components sit below the features, the app shell and the console.
  {
    target: ['web/lib', 'web/components'],
    from: ['web/features', 'web/app', 'web/operator'],
    message: 'web/lib and web/components may not import web/features, web/app or web/operator',
  },
  // h. the operator console is an app of its own beside the member site: it builds on web/lib and
  // web/components (one client plumbing) and never on the member site's features or shell, nor they on it.
  {
    target: 'web/operator',
    from: ['web/features', 'web/app'],
    message: 'web/operator may import web/lib and web/components, not the member site (web/features, web/app)',
  },
  {
    target: ['web/features', 'web/app'],
    from: 'web/operator',
    message: 'the member site may not import the operator console (web/operator)',
  },
];

export default [
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'web/dist-ssr/**',
      '**/.wrangler/**',
      'worker/**/*.gen.txt',
      // Only the TypeScript sources below are linted (ESLint would otherwise take every .js/.mjs too).
      '**/*.{js,mjs,cjs,jsx}',
    ],
  },
  {
    files: ['worker/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json'), alwaysTryTypes: true })],
    },
  },
  {
    files: ['worker/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  // i. lib and domain take plain values (db, tenant, now, a header's value): a Hono adapter (a
  // middleware, a validator hook, a helper that reads the request) lives in worker/middleware.
  {
    files: ['worker/lib/**/*.ts', 'worker/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'hono',
              importNames: ['Context', 'MiddlewareHandler', 'Hono'],
              message: 'lib and domain take plain values; a Hono adapter goes in worker/middleware',
            },
            {
              name: 'hono/cookie',
              message: "lib and domain take plain values (a cookie's value); read cookies in worker/middleware or the route",
            },
            { name: '@hono/zod-validator', message: 'the validator hook lives in worker/middleware/validate.ts' },
          ],
        },
      ],
    },
  },
  // j. SQL lives in queries files (`<name>.queries.ts`, db first): a routes file calls them and runs
  // their statements (`db.batch`), but builds no SQL itself: no drizzle operators, no tables, no
  // `sql` template, no query builder on `db`, no prepared statement. Types may still be named.
  {
    files: ['worker/features/**/*.routes.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message: "a routes file builds no SQL: put the statement in the feature's queries file",
            },
            {
              group: ['**/db/schema'],
              allowTypeImports: true,
              message: "a routes file builds no SQL: tables are for the feature's queries file",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...zodMessageRules,
        zodImportRule,
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: "a routes file builds no SQL: put it in the feature's queries file",
        },
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: "a routes file prepares no statement: put it in the feature's queries file",
        },
        {
          selector:
            "CallExpression[callee.object.name='db'][callee.property.name=/^(select|selectDistinct|insert|update|delete|run|all|get|values|with|\\$count)$/]",
          message: "a routes file builds no query on db: call a function of the feature's queries file (db.batch runs its statements)",
        },
        {
          selector: "MemberExpression[object.name='db'][property.name='query']",
          message: "a routes file builds no query on db: use the feature's queries file",
        },
      ],
    },
  },
  // k. zod's messages are error codes, typed: `issue('invalid_request')` (worker/contracts/errors.ts),
  // never a bare string, which zod would take whatever its spelling.
  {
    files: ['worker/**/*.ts'],
    ignores: ['worker/features/**/*.routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...zodMessageRules, zodImportRule, inArrayRule] },
  },
];
