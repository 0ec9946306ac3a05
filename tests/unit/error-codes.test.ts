import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../worker/contracts/common';
import * as z from 'zod';
import { ERROR_CODES, ERROR_TEXTS, issue, VALIDATION_CODES, type ErrorCode, type IssueCode } from '../../worker/contracts/errors';
import { AppError, errorBody, RateLimited } from '../../worker/lib/errors';
import { translator } from '../../worker/lib/i18n';
import { fieldIssue, localize } from '../../worker/lib/validate';
import type { ApiFailure } from '../../web/lib/request';

type Errors = Record<string, unknown> & { validation: Record<string, string>; generic: string; reference: string };
const locales = readdirSync('locales').filter((f) => f.endsWith('.json'));
const errorsOf = (file: string) => (JSON.parse(readFileSync(`locales/${file}`, 'utf8')) as { errors: Errors }).errors;

/** internal_error's message is errors.generic followed by errors.reference (middleware/errors). */
const WITH_OWN_TEXT = ERROR_CODES.filter((code) => code !== 'internal_error');

describe('error codes', () => {
  it.each(locales)('%s: every code has its message, and every message key is a code or a named text', (file) => {
    const errors = errorsOf(file);
    const { validation, ...top } = errors;
    expect(Object.keys(top).sort()).toEqual([...WITH_OWN_TEXT, ...ERROR_TEXTS].sort());
    expect(Object.keys(validation).sort()).toEqual([...VALIDATION_CODES].sort());
    for (const code of WITH_OWN_TEXT) expect(typeof errors[code], code).toBe('string');
    expect(errors.generic).not.toBe('');
    expect(errors.reference).toContain('{{id}}');
  });

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(new Set(VALIDATION_CODES).size).toBe(VALIDATION_CODES.length);
  });

  it('answers a code with its text in the language asked for', () => {
    expect(errorBody(translator('nl'), 'photo_limit', { limit: 3 })).toEqual({
      error: 'photo_limit',
      message: translator('nl')('errors.photo_limit', { limit: 3 }),
    });
    expect(errorBody(translator('en'), 'forbidden').message).toBe(errorsOf('en.json')['forbidden']);
    expect(errorBody(undefined, 'forbidden')).toEqual({ error: 'forbidden', message: 'forbidden' });
  });

  it('accepts only codes of the contract (the lines below fail the typecheck when the typing goes)', () => {
    const known: ErrorCode = 'photo_limit';
    expect(new AppError(known, 400).code).toBe('photo_limit');
    // @ts-expect-error a misspelt code
    expect(new AppError('photo_limt', 400).code).toBe('photo_limt');
    // @ts-expect-error a misspelt code
    expect(new RateLimited('slow_dwn', 10).code).toBe('slow_dwn');
    // @ts-expect-error an answer names a code of the contract
    const body: ErrorBody = { error: 'nope', message: '' };
    expect(body.error).toBe('nope');
    const issue: IssueCode = 'validation.too_short';
    expect(fieldIssue(['iban'], issue).message).toBe('validation.too_short');
    // @ts-expect-error an issue's code is a code or a kind of invalid field
    expect(fieldIssue(['iban'], 'validation.too_shrt').message).toBe('validation.too_shrt');
    const failure = { error: 'network_error' } as ApiFailure;
    // @ts-expect-error the web reads the same codes (and its own network_error, http_<status>)
    expect(failure.error === 'insuficient_credits').toBe(false);
  });

  it("types the messages a schema gives zod: issue(code) takes only codes, and the member reads the code's text", () => {
    const t = translator('nl');
    const name = z.string().min(2, issue('name_length'));
    expect(localize(t, name.safeParse('A').error!.issues)[0]!.message).toBe(t('errors.name_length'));
    const agreed = z.object({ terms: z.boolean() }).refine((v) => v.terms, { message: issue('validation.invalid'), path: ['terms'] });
    expect(localize(t, agreed.safeParse({ terms: false }).error!.issues)).toEqual([
      { path: 'terms', message: t('errors.validation.invalid') },
    ]);
    // @ts-expect-error a misspelt code in a schema fails the typecheck
    const misspelt = z.string().min(2, issue('name_lenght'));
    // what zod would have carried without the typing: the generic text, never the raw string
    expect(localize(t, misspelt.safeParse('A').error!.issues)[0]!.message).toBe(t('errors.invalid_request'));
  });
});
