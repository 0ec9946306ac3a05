import { loadCatalogue, type Loaders } from './i18n';

/** The members area's texts (profile, search, profile view): loaded with those screens only. */
const loaders: Loaders = {
  nl: () => import('../../locales/members/nl.json'),
  en: () => import('../../locales/members/en.json'),
  de: () => import('../../locales/members/de.json'),
};

export const loadMembersCatalogue = () => loadCatalogue(loaders);
