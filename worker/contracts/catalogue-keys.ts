/**
 * The keys of a catalogue (locales/), derived from its Dutch file, the complete one: every text's
 * dotted path. A plural text (an object of CLDR plural forms, chosen by `count`) is one key.
 * Types only: the worker's and the web's `t` take these, so a misspelt key fails the typecheck.
 */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type IsPlural<V> = V extends { other: string } ? (Exclude<keyof V, PluralForm> extends never ? true : false) : false;

export type CatalogueKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | readonly unknown[]
    ? `${Prefix}${K}`
    : IsPlural<T[K]> extends true
      ? `${Prefix}${K}`
      : CatalogueKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
