import type { MemberRoutes } from '../../worker/contracts/routes';
import { createRequest, typedClient } from './http';
import { sessionStore, setUser } from './user';

export { AUTH_REQUIRED, type ApiFailure, type ApiResult, type Issue } from './http';

/**
 * The member sites' client: `api.get('/api/chats.php')` answers `ApiResult<ChatsAnswer>`,
 * `api.post('/api/message.php', input)` checks `input` (worker/contracts/routes.ts). A 403
 * authentication_required on any call but user.php logs the member out locally (spec section 8).
 */
const apiRequest = createRequest({
  sessionPath: '/api/user.php',
  sessionEnded: () => {
    if (sessionStore.get().status === 'in') setUser(null);
  },
});

export const api = typedClient<MemberRoutes>(apiRequest);
