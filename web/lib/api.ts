import { hc } from 'hono/client';
import type { AppType } from '../../worker/app';
import { retryingFetch } from './fetch';

// retryingFetch lives in ./fetch so the first bundle can use it without the typed client.
export { MAX_RETRIES, retryingFetch } from './fetch';

export const api = hc<AppType>('/api', { fetch: retryingFetch() });
