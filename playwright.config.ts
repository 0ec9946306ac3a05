import { defineConfig } from '@playwright/test';

const port = process.env.E2E_PORT ?? '8788';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two workers, each running whole files in order (a file's tests may build on each other). The
  // specs keep apart: what one changes is its own (fresh members, its own console admin), and the
  // demo members are only read where another spec may change them. E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // for a loaded 2-core machine (wrangler dev and two Chromiums): a wait, never a weaker check
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://vonkje.localhost:${port}`,
    locale: 'nl-NL',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
