import { loadCatalogue, type Loaders } from './i18n';

/** The payment screens' texts (credits, premium, pricing, checkout, transactions): loaded with those screens only. */
const loaders: Loaders = {
  nl: () => import('../../locales/payments/nl.json'),
  en: () => import('../../locales/payments/en.json'),
  de: () => import('../../locales/payments/de.json'),
};

export const loadPaymentsCatalogue = () => loadCatalogue(loaders);
