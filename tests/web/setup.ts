import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../../web/lib/query-client';

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
