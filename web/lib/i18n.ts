import type nl from '../../locales/nl.json';
import { loadersOf } from './catalogue-loaders';
import { I18nContext, translatorFor, useLocale, useT, type T } from './translator';

export { loadersOf };

export type Catalogue = typeof nl;
export type { T };

export type Loaders = Record<string, () => Promise<{ default: object }>>;

const loaders = loadersOf(import.meta.glob<{ default: Catalogue }>('../../locales/*.json'));

/**
 * The account screens' texts (login, signup, settings…) are a second catalogue, loaded with
 * those screens: in the first catalogue they would push the landing page over its JS budget.
 * Its loaders live in a chunk of their own (account-catalogue.ts), fetched beside the screen's.
 */

let active: { i18n: ReturnType<typeof translatorFor>['i18n']; locale: string; extra: Map<Loaders, Promise<void>> } | null = null;

/**
 * Adds a screen catalogue to the translator (once per catalogue); lazy screens await it. Its
 * top-level namespaces must differ from the other catalogues': rosetta merges shallowly.
 */
export function loadCatalogue(loaders: Loaders): Promise<void> {
  const current = active;
  if (!current) return Promise.resolve();
  let done = current.extra.get(loaders);
  if (!done) {
    done = (loaders[current.locale] ?? loaders.nl!)().then((m) => current.i18n.set(current.locale, m.default as Record<string, unknown>));
    current.extra.set(loaders, done);
  }
  return done;
}

export const loadAccountCatalogue = () => import('./account-catalogue').then((m) => loadCatalogue(m.accountLoaders));

/** Loads one locale's catalogue (its own chunk) and returns a translator for it. */
export async function createTranslator(locale: string): Promise<T> {
  const load = loaders[locale] ?? loaders.nl!;
  const { t, i18n } = translatorFor(locale, (await load()).default);
  active = { i18n, locale, extra: new Map() };
  return t;
}

export { I18nContext, useLocale, useT };
