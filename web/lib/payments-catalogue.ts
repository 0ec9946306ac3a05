import { loadCatalogue, loadersOf } from './i18n';

/** The payment screens' texts (credits, premium, pricing, checkout, transactions): loaded with those screens only. */
const loaders = loadersOf(import.meta.glob<{ default: object }>('../../locales/payments/*.json'));

export const loadPaymentsCatalogue = () => loadCatalogue(loaders);
