import type { Locale } from '../../../tenants/schema';
import nl from '../../../locales/suggestions/nl.json';
import en from '../../../locales/suggestions/en.json';
import de from '../../../locales/suggestions/de.json';
import da from '../../../locales/suggestions/da.json';
import es from '../../../locales/suggestions/es.json';
import fi from '../../../locales/suggestions/fi.json';
import fr from '../../../locales/suggestions/fr.json';
import it from '../../../locales/suggestions/it.json';
import nb from '../../../locales/suggestions/nb.json';
import pl from '../../../locales/suggestions/pl.json';
import sv from '../../../locales/suggestions/sv.json';

const catalogues = { nl, en, de, da, es, fi, fr, it, nb, pl, sv } satisfies Record<Locale, { suggestions: Record<string, string> }>;

/** The chat console's suggested answers in the member's language (locales/suggestions), English for a language without a catalogue. */
export const suggestionsFor = (language: string): string[] => Object.values((catalogues[language as Locale] ?? catalogues.en).suggestions);
