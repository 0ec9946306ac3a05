import { loadCatalogue, loadersOf } from './i18n';

/** The members area's texts (profile, search, profile view): loaded with those screens only. */
const loaders = loadersOf(import.meta.glob<{ default: object }>('../../locales/members/*.json'));

export const loadMembersCatalogue = () => loadCatalogue(loaders);
