import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

/**
 * The worker tests run in workerd (the Cloudflare pool). Most files share one workerd module graph
 * and one D1 per vitest worker (`isolate: false`: the worker's modules are loaded once, not once per
 * file — about half the worker tests' time on two cores). Files whose assertions need a database of
 * their own (search totals, a moderation queue's first page, "nothing stored anywhere") keep
 * isolation: each has its own storage and module graph.
 */
const OWN_DATABASE = [
  'tests/worker/profiles.test.ts',
  'tests/worker/niches.test.ts',
  'tests/worker/reports.test.ts',
  'tests/worker/image-abuse.test.ts',
];

const workerBindings = async () => ({
  ENVIRONMENT: 'development',
  PASSWORD_PEPPER: 'test-pepper-not-secret',
  MAIL_WEBHOOK_SECRET: 'test-mail-webhook-secret',
  MAIL_EVENTS_SECRET: 'test-mail-events-secret',
  PAYMENT_PROVIDER: 'sim',
  // a VAPID pair for the tests only (tests/worker/push.test.ts verifies its JWTs)
  VAPID_PUBLIC_KEY: 'BFeQLLi5iQ6LplKj9WEUfGbyV5QcFFBoQjKVJATir4SjIFrhv5d9yVjUpvD8vDdu1iI--CeNTozwRbQI5cJFl9g',
  VAPID_PRIVATE_KEY: 'trgDMNurB5KTdiLX3Mo-vkPy3lCuqbFG9mae_2fOurY',
  TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, 'migrations')),
});

function workerProject(name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    plugins: [
      cloudflareTest(async () => ({
        main: './worker/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: await workerBindings() },
      })),
    ],
    // the members page's server render, built by npm run build (wrangler.toml [alias])
    resolve: { alias: { 'members-ssr': path.join(import.meta.dirname, 'web/dist-ssr/members-ssr.js') } },
    test: {
      name,
      isolate: files.isolate,
      include: files.include ?? ['tests/worker/**/*.test.ts'],
      exclude: files.exclude ?? [],
      // a test makes tens of requests through workerd and D1: vitest's 5 s default failed them on two busy cores
      testTimeout: 20_000,
      setupFiles: ['tests/worker/apply-migrations.ts'],
    },
  };
}

// Each project names its files explicitly: Playwright's *.spec.ts must never reach workerd.
export default defineConfig({
  test: {
    projects: [
      workerProject('worker', { isolate: false, exclude: OWN_DATABASE }),
      workerProject('worker-own-db', { isolate: true, include: OWN_DATABASE }),
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          // the deploy script end to end: wrangler deploys against the local stand-in of the API, several times
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [vanillaExtractPlugin()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          // rendering whole screens in happy-dom: seconds on two busy cores
          testTimeout: 15_000,
          environment: 'happy-dom',
          setupFiles: ['tests/web/setup.ts'],
        },
      },
    ],
  },
});
