import { QueryClient } from '@tanstack/react-query';
import type { OperatorRoutes } from '../../worker/contracts/routes';
import { createRequest, typedClient } from '../lib/http';

export { dataOf, failureText } from '../lib/http';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/**
 * The console's client: the web's one request function (web/lib/http.ts) over the console's
 * routes (worker/contracts/routes.ts, `OperatorRoutes`). A 403 authentication_required on any
 * call but me.php means the session ended: the console shows the login again (Console watches
 * `me`). Reads are retried like the member site's; writes are not (a login's or a decision's
 * second attempt is not harmless: a TOTP code counts once).
 */
export const api = typedClient<OperatorRoutes>(
  createRequest({
    sessionPath: '/api/operator/me.php',
    sessionEnded: () => queryClient.setQueryData(['me'], null),
    rules: { retryWrites: false },
  }),
);
