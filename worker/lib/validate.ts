import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from '../env';
import { errorBody, ValidationError } from '../middleware/errors';

/** The one validator: zod failures become 400 `invalid_request` with the issues listed. */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return c.json({ ...errorBody(c as unknown as Context<AppEnv>, 'invalid_request'), issues }, 400);
    }
  });

/** Parses with a schema whose messages are already localized; failures become a ValidationError. */
export function parseOrThrow<T extends ZodType>(schema: T, data: unknown): import('zod').output<T> {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new ValidationError(result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return result.data;
}
