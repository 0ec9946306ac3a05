import { loadersOf } from './catalogue-loaders';

/** The account screens' texts: a locale map of lazy chunks, kept out of the entry (web/lib/i18n.ts, loadAccountCatalogue). */
export const accountLoaders = loadersOf(import.meta.glob<{ default: object }>('../../locales/account/*.json'));
