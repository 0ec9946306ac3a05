import { loadCatalogue, loadersOf } from './i18n';

/** The landers' and campaign pages' texts (locales/landers): loaded with those pages only. */
const loaders = loadersOf(import.meta.glob<{ default: object }>('../../locales/landers/*.json'));

export const loadLandersCatalogue = () => loadCatalogue(loaders);
