import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from '../env';
import { AppError, errorBody } from '../lib/errors';
import { localize } from '../lib/validate';

/**
 * The one validator (Hono's zod-validator with our hook): zod failures become 400
 * `invalid_request` with the issues listed, localized (lib/validate localize).
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const t = (c as unknown as Context<AppEnv>).get('t');
      return c.json({ ...errorBody(t, 'invalid_request'), issues: localize(t, result.error.issues) }, 400);
    }
  });

/** The JSON body as a plain object; anything else (bad JSON, an array, a number) is 400 invalid_request. */
export async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError('invalid_request', 400);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new AppError('invalid_request', 400);
  return raw as Record<string, unknown>;
}

/** Is the request body multipart/form-data (a file upload)? */
export const isMultipart = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
