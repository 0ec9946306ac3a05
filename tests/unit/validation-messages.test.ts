import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { translator } from '../../worker/lib/i18n';
import { localize } from '../../worker/lib/validate';

/** Every kind of issue the error map names, with the Dutch text it must read as. */
const CASES: [string, z.ZodType, unknown, string][] = [
  ['missing', z.object({ a: z.string() }), {}, 'Dit veld is verplicht.'],
  ['null', z.object({ a: z.number() }), { a: null }, 'Dit veld is verplicht.'],
  ['empty', z.object({ a: z.string().trim().min(1) }), { a: '  ' }, 'Dit veld is verplicht.'],
  ['not text', z.object({ a: z.string() }), { a: 1 }, 'Vul hier tekst in.'],
  ['not a number', z.object({ a: z.number() }), { a: 'x' }, 'Vul een getal in.'],
  ['not whole', z.object({ a: z.number().int() }), { a: 1.5 }, 'Vul een heel getal in.'],
  ['not a boolean', z.object({ a: z.boolean() }), { a: 'x' }, 'Deze waarde is ongeldig.'],
  ['too short', z.object({ a: z.string().min(3) }), { a: 'ab' }, 'Gebruik minimaal 3 tekens.'],
  ['too long', z.object({ a: z.string().max(3) }), { a: 'abcd' }, 'Gebruik maximaal 3 tekens.'],
  ['at least', z.object({ a: z.number().min(18) }), { a: 17 }, 'Vul een getal van minimaal 18 in.'],
  ['greater than', z.object({ a: z.number().positive() }), { a: 0 }, 'Vul een getal groter dan 0 in.'],
  ['at most', z.object({ a: z.number().max(99) }), { a: 100 }, 'Vul een getal van maximaal 99 in.'],
  ['less than', z.object({ a: z.number().lt(5) }), { a: 5 }, 'Vul een getal kleiner dan 5 in.'],
  ['too few', z.object({ a: z.array(z.string()).min(2) }), { a: ['x'] }, 'Kies er minimaal 2.'],
  ['too many', z.object({ a: z.array(z.string()).max(1) }), { a: ['x', 'y'] }, 'Kies er maximaal 1.'],
  ['e-mail', z.object({ a: z.email() }), { a: 'nope' }, 'Ongeldige e-mail'],
  ['format', z.object({ a: z.string().regex(/^\d+$/) }), { a: 'x' }, 'Dit veld is niet goed ingevuld.'],
  ['option', z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }, 'Kies een van de mogelijkheden.'],
  ['literal', z.object({ a: z.literal('x') }), { a: 'z' }, 'Kies een van de mogelijkheden.'],
  ['unknown keys', z.object({}).strict(), { b: 1, c: 2 }, 'Dit verzoek bevat velden die hier niet horen.'],
  ['union', z.object({ a: z.union([z.number(), z.boolean()]) }), { a: 'x' }, 'Deze waarde is ongeldig.'],
  ['refine', z.object({ a: z.string().refine((v) => v === 'ok') }), { a: 'x' }, 'Deze waarde is ongeldig.'],
  ['contract code', z.object({ a: z.string({ error: 'invalid_birthdate' }) }), {}, 'Ongeldige geboortedatum'],
  ['a text not a code', z.object({ a: z.string().refine(() => false, 'Some English text') }), { a: 'x' }, 'Ongeldige aanvraag.'],
];

describe('the zod error map', () => {
  it.each(CASES)('%s reads as the catalogue says (Dutch)', (_, schema, input, text) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(localize(translator('nl'), result.error!.issues).map((i) => i.message)).toEqual([text]);
  });

  it.each(['en', 'de'] as const)('every issue has its own text in %s, placeholders filled, nothing of zod', (locale) => {
    const t = translator(locale);
    for (const [name, schema, input, dutch] of CASES) {
      const [message] = localize(t, schema.safeParse(input).error!.issues).map((i) => i.message);
      expect(message, name).not.toBe(dutch);
      expect(message, name).not.toMatch(/\{\{|Invalid input|expected|received/);
    }
  });
});
