import { describe, expect, it } from 'vitest';
import type { T } from '../../web/lib/i18n';
import { interestKey } from '../../worker/features/interests/interests.routes';
import { translator } from '../../worker/lib/i18n';
import { mailText } from '../../worker/lib/mail';

describe('catalogue keys', () => {
  it("take only the Dutch catalogue's keys (the lines below fail the typecheck when the typing goes)", () => {
    const t = translator('nl');
    expect(t('errors.generic')).not.toBe('errors.generic');
    // @ts-expect-error a misspelt key
    expect(t('errors.generik')).toBe('errors.generik');
    // @ts-expect-error a namespace is no text
    expect(typeof t('errors')).toBe('string');
    expect(t(interestKey('one night stand'))).not.toBe('interests.one_night_stand');
    // @ts-expect-error an interest that is none of the catalogue's
    expect(t(interestKey('knitting'))).toBe('interests.knitting');
    expect(mailText('nl', 'decision.actions.ban')).not.toBe('');
    // @ts-expect-error a key of the main catalogue is none of the mails'
    expect(mailText('nl', 'errors.generic')).toBe('');
  });

  it("the web's t takes the keys of its catalogues (main and screens')", () => {
    const t: T = (key) => key;
    expect(t('errors.generic')).toBe('errors.generic');
    expect(t('chat.icebreaker.title')).toBe('chat.icebreaker.title');
    // @ts-expect-error a misspelt key
    expect(t('errors.generik')).toBe('errors.generik');
  });
});
