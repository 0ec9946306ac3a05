import * as z from 'zod';
import type { ZodType, output } from 'zod';
import type { Issue } from '../contracts/common';
import type { IssueCode } from '../contracts/errors';
import { ValidationError } from './errors';
import type { MainKey, Translate } from './i18n';

/**
 * zod's own messages, as error codes too: the one error map, set for every parse in the worker.
 * A schema's own message (a contract's error code) comes first; every other issue gets the code
 * of its kind here (`errors.field_required`, `errors.invalid_email`, `errors.validation.*`), and
 * `localize` puts it into the member's language with the issue's limits as placeholders.
 */
export function issueCode(issue: z.core.$ZodRawIssue): IssueCode {
  switch (issue.code) {
    case 'invalid_type':
      // a missing field (a body that is no object at all is not a missing field)
      if ((issue.input === undefined || issue.input === null) && issue.path?.length) return 'field_required';
      if (issue.expected === 'int') return 'validation.not_integer';
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'validation.not_a_number';
      if (issue.expected === 'string') return 'validation.not_text';
      return 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string') return issue.input === '' || issue.minimum === 1 ? 'field_required' : 'validation.too_short';
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? 'validation.greater_than' : 'validation.at_least';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.too_few';
      return 'validation.invalid';
    case 'too_big':
      if (issue.origin === 'string') return 'validation.too_long';
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? 'validation.less_than' : 'validation.at_most';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.too_many';
      return 'validation.invalid';
    case 'invalid_format':
      return issue.format === 'email' ? 'invalid_email' : 'validation.invalid_format';
    case 'invalid_value':
      return 'validation.invalid_option';
    case 'unrecognized_keys':
      return 'validation.unknown_fields';
    default:
      return 'validation.invalid';
  }
}
z.config({ customError: issueCode });

/** An issue as zod reports it (or a handler adds one): a path, an error code, the limits of too_small and too_big. */
export type RawIssue = { path: PropertyKey[]; message: string; minimum?: number | bigint; maximum?: number | bigint };
const CODE = /^[a-z_]+(\.[a-z_]+)?$/;

/** An issue a handler finds itself (a check zod cannot make), with its code. */
export const fieldIssue = (path: PropertyKey[], code: IssueCode): RawIssue => ({ path, message: code });

/** At most this many issues are answered: enough for any form, and a crafted body cannot make a large answer. */
export const MAX_ISSUES = 20;

/**
 * Messages are error codes (`errors.<code>` in locales/), the contracts' own and those of the
 * error map above; they become the member's language here. Anything else reads as the generic
 * invalid-request text: no text outside locales/ reaches a member. Nothing of the input comes
 * back: a path names only the contract's fields and array positions (an unknown key is reported
 * on its object, never by name), the limits are the schema's, and the list is capped.
 */
export function localize(t: Translate, issues: readonly RawIssue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const i of issues) {
    // zod types a message as any string: the pattern and the fallback below keep unknown ones out
    const key = `errors.${i.message}` as MainKey;
    const params = { min: i.minimum, max: i.maximum };
    const text = CODE.test(i.message) ? t(key, params) : key;
    const issue = { path: i.path.map(String).join('.').slice(0, 200), message: text === key ? t('errors.invalid_request') : text };
    const id = `${issue.path}\n${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(issue);
    if (out.length === MAX_ISSUES) break;
  }
  return out;
}

/** Parses with a contract schema; failures become a ValidationError with localized messages. */
export function parseOrThrow<T extends ZodType>(t: Translate, schema: T, data: unknown): output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationError(localize(t, result.error.issues));
  return result.data;
}
