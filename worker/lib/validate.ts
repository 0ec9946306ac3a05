import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { ZodType, output } from 'zod';
import type { Issue } from '../contracts/common';
import type { AppEnv } from '../env';
import { AppError, errorBody, ValidationError } from './errors';
import type { Translate } from './i18n';

/**
 * Contract messages are error codes (`errors.<code>` in locales/); they become the member's
 * language here. Anything else (zod's own English texts) reads as the generic invalid-request text.
 */
export function localize(t: Translate, issues: readonly { path: PropertyKey[]; message: string }[]): Issue[] {
  return issues.map((i) => {
    const key = `errors.${i.message}`;
    const text = /^[a-z_]+$/.test(i.message) ? t(key) : key;
    return { path: i.path.map(String).join('.'), message: text === key ? t('errors.invalid_request') : text };
  });
}

/** The one validator: zod failures become 400 `invalid_request` with the issues listed, localized. */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const t = (c as unknown as Context<AppEnv>).get('t');
      return c.json({ ...errorBody(t, 'invalid_request'), issues: localize(t, result.error.issues) }, 400);
    }
  });

/** Parses with a contract schema; failures become a ValidationError with localized messages. */
export function parseOrThrow<T extends ZodType>(t: Translate, schema: T, data: unknown): output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationError(localize(t, result.error.issues));
  return result.data;
}

/** The JSON body as a plain object; anything else (bad JSON, an array, a number) is 400 invalid_request. */
export async function jsonObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
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
