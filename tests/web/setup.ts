import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../../web/lib/query-client';

// findBy…/waitFor wait up to 5 s, not Testing Library's 1 s: a whole screen rendered in happy-dom on two
// busy cores (the worker tests and builds beside it) took longer than 1 s in CI and in helpers' runs.
configure({ asyncUtilTimeout: 5_000 });

// An unexpected console.error in a web test is a failure.
const original = console.error;
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
console.error = (...args: unknown[]) => {
  original(...args);
  throw new Error(`console.error: ${args.map(String).join(' ')}`);
};
