import { useContext, type Context } from 'react';
import type account from '../../locales/account/nl.json';
import type footer from '../../locales/footer/nl.json';
import type landers from '../../locales/landers/nl.json';
import type legal from '../../locales/legal/nl.json';
import type members from '../../locales/members/nl.json';
import type nl from '../../locales/nl.json';
import type payments from '../../locales/payments/nl.json';
import type suggestions from '../../locales/suggestions/nl.json';
import type { CatalogueKey } from '../../worker/contracts/catalogue-keys';
import { loadersOf } from './catalogue-loaders';
import { I18nContext as AnyI18nContext, translatorFor, useLocale, type T as AnyT } from './translator';

export { loadersOf };

export type Catalogue = typeof nl;
/** Every key the web app's catalogues have (the main one and the screens' own), from the Dutch files. */
export type Key = CatalogueKey<
  typeof nl & typeof account & typeof members & typeof payments & typeof landers & typeof footer & typeof legal & typeof suggestions
>;
/** Proves at compile time that every key of a union built from the contracts exists: `KeyCheck<typeof x>`. */
export type KeyCheck<K extends Key> = K;
/** The member site's translator: the one of web/lib/translator.ts, its keys those of the member site's catalogues. */
export type T = (key: Key, params?: Record<string, unknown>) => string;

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

/** Loads one locale's catalogue (its own chunk) and returns a translator for it (for I18nContext; components read it typed through useT). */
export async function createTranslator(locale: string): Promise<AnyT> {
  const load = loaders[locale] ?? loaders.nl!;
  const { t, i18n } = translatorFor(locale, (await load()).default);
  active = { i18n, locale, extra: new Map() };
  return t;
}

/**
 * The one translator context of web/lib/translator.ts, seen by the member site with its own keys:
 * `t` takes only keys of the member site's catalogues (a misspelt key fails the typecheck).
 */
export const I18nContext = AnyI18nContext as unknown as Context<{ t: T; locale: string }>;
export const useT = (): T => useContext(I18nContext).t;

export { useLocale };
