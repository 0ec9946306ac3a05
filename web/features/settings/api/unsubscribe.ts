import { api } from '../../../lib/request';

/** POST /api/unsubscribe.php {token, enabled?}: the link's type of mail off (or on again); no login needed. 400 link_invalid. */
export const unsubscribe = (token: string, enabled = false) => api.post('/api/unsubscribe.php', { token, enabled });
