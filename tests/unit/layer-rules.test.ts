import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own ESLint configuration (eslint.config.js, part of `npm run lint`) on a snippet at a given path. */
const eslint = new ESLint({ cwd: join(import.meta.dirname, '../..') });
async function problems(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(import.meta.dirname, '../..', path) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('SQL lives in queries files', () => {
  const building = [
    "import { sql, eq } from 'drizzle-orm';",
    "import { members } from '../../db/schema';",
    'export const f = (db: any, id: number) => db.select().from(members).where(eq(members.id, id));',
    'export const g = (db: any) => db.run(sql`DELETE FROM likes`);',
    "export const h = (env: any) => env.DB.prepare('SELECT 1').first();",
  ].join('\n');

  it('a routes file that builds SQL fails the lint, naming each place', async () => {
    const found = await problems('worker/features/likes/x.routes.ts', building);
    expect(found.filter((p) => p.startsWith('@typescript-eslint/no-restricted-imports'))).toHaveLength(2);
    expect(found.filter((p) => p.startsWith('no-restricted-syntax'))).toHaveLength(4); // select, run, sql``, prepare
  });

  it('the same code in a queries file passes; a routes file may run a batch and name drizzle types', async () => {
    expect(await problems('worker/features/likes/x.queries.ts', building)).toEqual([]);
    const running = [
      "import type { BatchItem } from 'drizzle-orm/batch';",
      'export const run = (db: any, items: BatchItem<"sqlite">[]) => db.batch(items);',
    ].join('\n');
    expect(await problems('worker/features/likes/x.routes.ts', running)).toEqual([]);
  });
});

describe('lib and domain take plain values', () => {
  it('a Hono Context, cookie helper or validator hook in lib or domain fails the lint', async () => {
    const code =
      "import type { Context } from 'hono';\nimport { getCookie } from 'hono/cookie';\nexport const f = (c: Context) => getCookie(c, 'x');\n";
    for (const path of ['worker/lib/x.ts', 'worker/domain/x.ts'])
      expect(
        (await problems(path, code)).filter((p) => p.startsWith('no-restricted-imports')),
        path,
      ).toHaveLength(2);
    expect(await problems('worker/middleware/x.ts', code)).toEqual([]);
  });
});

describe("zod's messages are typed error codes", () => {
  it('a bare string as a message fails the lint, in every form zod takes it; issue(code) passes', async () => {
    const bare = [
      "import * as z from 'zod';",
      "export const a = z.string({ error: 'name_length' }).min(2, 'name_length').regex(/x/, { message: 'invalid_request' });",
      "export const b = z.email('invalid_email');",
      "export const c = z.object({ x: z.number() }).refine((v) => v.x > 0, 'invalid_request');",
      "export const d = z.object({ x: z.number() }).superRefine((v, ctx) => ctx.addIssue({ code: 'custom', message: 'invalid_request' }));",
    ].join('\n');
    const found = await problems('worker/contracts/x.ts', bare);
    expect(found.filter((p) => p.startsWith('no-restricted-syntax'))).toHaveLength(6);
    expect(await problems('worker/features/x/x.routes.ts', bare)).toHaveLength(6);
    const typed = [
      "import * as z from 'zod';",
      "import { issue } from './errors';",
      "export const a = z.string({ error: issue('name_length') }).min(2, issue('name_length')).regex(/x/, { message: issue('invalid_request') });",
      "export const b = z.email(issue('invalid_email'));",
      "export const s = z.discriminatedUnion('kind', [z.object({ kind: z.literal('text') })]);",
    ].join('\n');
    expect(await problems('worker/contracts/x.ts', typed)).toEqual([]);
  });
});

describe('zod is imported as a namespace in the worker', () => {
  it("`import { z } from 'zod'` fails the lint (all of zod into the bundle); `import * as z` and a type import pass", async () => {
    const named = "import { z } from 'zod';\nexport const a = z.string();\n";
    for (const path of ['worker/contracts/x.ts', 'worker/features/x/x.routes.ts', 'worker/lib/x.ts'])
      expect(
        (await problems(path, named)).filter((p) => p.includes('brings all of zod')),
        path,
      ).toHaveLength(1);
    expect(await problems('worker/contracts/x.ts', "import * as z from 'zod';\nexport const a = z.string();\n")).toEqual([]);
    expect(await problems('worker/contracts/x.ts', "import type { z } from 'zod';\nexport type A = z.infer<z.ZodString>;\n")).toEqual([]);
  });
});
