import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { clientAddress, countedAddress, limitClient, type LimitedCall } from '../lib/limits';
import { memberOf } from './session';

/** The request's connecting address (lib/limits clientAddress: Cloudflare's `CF-Connecting-IP`), normalised. */
export const requestAddress = (c: Context<AppEnv>) => clientAddress(c.req.header('cf-connecting-ip'));

/**
 * Counts this request against its call's client limits (lib/limits limitClient): its counted
 * address and the member (the session's, middleware/session memberOf, unless given), one D1
 * round trip; 429 when used up.
 */
export const limitRequest = async (c: Context<AppEnv>, call: LimitedCall, memberId?: number | null) =>
  limitClient(c.get('db'), call, {
    address: countedAddress(c.req.header('cf-connecting-ip'), c.env.ENVIRONMENT),
    memberId: memberId === undefined ? (await memberOf(c))?.id : memberId,
  });
