/**
 * Lazy loaders by locale for one catalogue folder, from Vite's `import.meta.glob` of its
 * `<locale>.json` files: each locale is a chunk of its own, and a locale added to the folder
 * needs no line here.
 */
export function loadersOf<M extends { default: object }>(modules: Record<string, () => Promise<M>>): Record<string, () => Promise<M>> {
  return Object.fromEntries(Object.entries(modules).map(([path, load]) => [/([a-z]{2})\.json$/.exec(path)![1]!, load]));
}
