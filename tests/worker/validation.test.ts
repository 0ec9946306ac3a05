import { beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_TAGS, MAX_INTERESTS } from '../../worker/contracts/profiles.values';
import { get, post, signup } from './account-helpers';

/**
 * Issue 11: every validation message a member can see comes from locales/, zod's own included.
 * Bad input is a 400 JSON {error, message, issues}, each issue in the site's language.
 */
type Answer = { error: string; message: string; issues?: { path: string; message: string }[] };

const SITES = { nl: 'vonkje.localhost', en: 'she-eng.localhost', de: 'she-de.localhost' } as const;
type Lang = keyof typeof SITES;
const cookies = {} as Record<Lang, string>;

beforeAll(async () => {
  for (const lang of Object.keys(SITES) as Lang[]) cookies[lang] = (await signup(SITES[lang])).cookie;
});

async function refused(lang: Lang, path: string, body: unknown, { login = false, method = 'POST' } = {}) {
  const res = await post(`http://${SITES[lang]}${path}`, body, login ? cookies[lang] : undefined, method);
  const text = await res.text();
  expect(res.status, text).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  // zod's own English never reaches a member
  expect(text).not.toMatch(/Invalid input|expected|received|Too (big|small)|Unrecognized/i);
  return JSON.parse(text) as Answer;
}
const issue = (a: Answer, path: string) => a.issues?.find((i) => i.path === path)?.message;

const CASES: { what: string; path: string; body: unknown; field: string; login?: boolean; method?: string; texts: Record<Lang, string> }[] =
  [
    {
      what: 'a missing field',
      path: '/api/user.php',
      body: { password: 'x' },
      field: 'email',
      texts: { nl: 'Dit veld is verplicht.', en: 'This field is required.', de: 'Dieses Feld ist erforderlich.' },
    },
    {
      what: 'a number where text belongs',
      path: '/api/reset-password.php',
      body: { email: 5 },
      field: 'email',
      texts: { nl: 'Vul hier tekst in.', en: 'Enter text here.', de: 'Gib hier einen Text ein.' },
    },
    {
      what: 'a text too long',
      path: '/api/reset-password.php',
      body: { email: `${'x'.repeat(250)}@example.org` },
      field: 'email',
      texts: { nl: 'Gebruik maximaal 254 tekens.', en: 'Use at most 254 characters.', de: 'Verwende höchstens 254 Zeichen.' },
    },
    {
      what: 'a comment too long',
      path: '/api/delete-account.php',
      body: { reason: 'other', comment: 'x'.repeat(1001) },
      field: 'comment',
      login: true,
      texts: { nl: 'Gebruik maximaal 1000 tekens.', en: 'Use at most 1000 characters.', de: 'Verwende höchstens 1000 Zeichen.' },
    },
    {
      what: 'a value outside the options',
      path: '/api/delete-account.php',
      body: { reason: 'bored' },
      field: 'reason',
      login: true,
      texts: { nl: 'Kies een van de mogelijkheden.', en: 'Choose one of the options.', de: 'Wähle eine der Möglichkeiten.' },
    },
    {
      what: 'a fraction where a whole number belongs',
      path: '/api/like.php',
      body: { id: 1.5 },
      field: 'id',
      login: true,
      texts: { nl: 'Vul een heel getal in.', en: 'Enter a whole number.', de: 'Gib eine ganze Zahl ein.' },
    },
    {
      what: 'a number too small',
      path: '/api/like.php',
      body: { id: -4 },
      field: 'id',
      login: true,
      texts: { nl: 'Vul een getal groter dan 0 in.', en: 'Enter a number greater than 0.', de: 'Gib eine Zahl größer als 0 ein.' },
    },
    {
      what: 'text where a number belongs',
      path: '/api/like.php',
      body: { id: 'seven' },
      field: 'id',
      login: true,
      texts: { nl: 'Vul een getal in.', en: 'Enter a number.', de: 'Gib eine Zahl ein.' },
    },
    {
      what: 'a profile text too long',
      path: '/api/profile.php',
      body: { about_me: 'x'.repeat(2001) },
      field: 'about_me',
      login: true,
      method: 'PUT',
      texts: { nl: 'Gebruik maximaal 2000 tekens.', en: 'Use at most 2000 characters.', de: 'Verwende höchstens 2000 Zeichen.' },
    },
    {
      what: 'too many interests',
      path: '/api/profile.php',
      body: { interests: INTEREST_TAGS.slice(0, MAX_INTERESTS + 1) },
      field: 'interests',
      login: true,
      method: 'PUT',
      texts: {
        nl: `Kies er maximaal ${MAX_INTERESTS}.`,
        en: `Choose at most ${MAX_INTERESTS}.`,
        de: `Wähle höchstens ${MAX_INTERESTS} aus.`,
      },
    },
    {
      what: 'a field the call does not take',
      path: '/api/typing.php',
      body: { conversation: 12, mood: 'happy' },
      field: '',
      login: true,
      texts: {
        nl: 'Dit verzoek bevat velden die hier niet horen.',
        en: 'This request contains fields that do not belong here.',
        de: 'Diese Anfrage enthält Felder, die hier nicht hingehören.',
      },
    },
  ];

describe('validation messages in the member\u2019s language', () => {
  for (const c of CASES)
    it.each(Object.keys(SITES) as Lang[])(`${c.what} (${c.path}) on the %s site`, async (lang) => {
      const a = await refused(lang, c.path, c.body, { login: c.login, method: c.method });
      expect(a.error).toBe('invalid_request');
      expect(a.message).toBe({ nl: 'Ongeldige aanvraag.', en: 'Invalid request.', de: 'Ungültige Anfrage.' }[lang]);
      expect(issue(a, c.field), JSON.stringify(a)).toBe(c.texts[lang]);
    });

  it('parses from a handler (parseOrThrow) are localized the same way', async () => {
    const nl = await refused('nl', '/api/profile.php', { about_me: 5 }, { login: true, method: 'PUT' });
    expect(issue(nl, 'about_me')).toBe('Vul hier tekst in.');
    const choice = await refused('nl', '/api/profile.php', { hair_colour: 'green' }, { login: true, method: 'PUT' });
    expect(issue(choice, 'hair_colour')).toBe('Ongeldige aanvraag.'); // the contract's own code wins over the map
    const de = await refused('de', '/api/signup.php', { tracking: { network: 'x', campaign: 'y' } });
    expect(issue(de, 'tracking')).toBe('Diese Anfrage enthält Felder, die hier nicht hingehören.');
  });

  it('contract messages that are error codes stay as they were (spec texts)', async () => {
    const a = await refused('nl', '/api/signup.php', { password: 'short' });
    expect(issue(a, 'email')).toBe('Ongeldige e-mail');
    expect(issue(a, 'date_of_birth')).toBe('Ongeldige geboortedatum');
    expect(issue(a, 'password')).toBe('Je wachtwoord moet minimaal 8 tekens lang zijn.');
    expect(issue(a, 'name')).toBe('Kies een profielnaam van 2 tot 30 tekens.');
    const en = await refused('en', '/api/signup.php', {
      email: 'nope',
      password: 'long enough',
      name: 'Sam',
      date_of_birth: '1990-01-01',
      gender: 'male',
    });
    expect(en.issues).toEqual([{ path: 'email', message: 'Invalid email' }]);
  });

  it.each([
    ['broken JSON', '{"email":'],
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"x"'],
  ])('%s as the body is a 400 with the generic text, never a 500', async (_, body) => {
    for (const path of ['/api/user.php', '/api/signup.php', '/api/reset-password.php']) {
      const a = await refused('nl', path, body);
      expect(a).toMatchObject({ error: 'invalid_request', message: 'Ongeldige aanvraag.' });
      expect(a.issues?.map((i) => i.message) ?? []).not.toContain('Dit veld is verplicht.');
    }
  });

  it('queries are localized too', async () => {
    const res = await get(`http://${SITES.en}/api/member.php?id=abc`, cookies.en);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).issues).toEqual([{ path: 'id', message: 'Enter a number.' }]);
  });
});
