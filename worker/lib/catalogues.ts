import da from '../../locales/da.json';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fi from '../../locales/fi.json';
import fr from '../../locales/fr.json';
import it from '../../locales/it.json';
import mailDa from '../../locales/mail/da.json';
import mailDe from '../../locales/mail/de.json';
import mailEn from '../../locales/mail/en.json';
import mailEs from '../../locales/mail/es.json';
import mailFi from '../../locales/mail/fi.json';
import mailFr from '../../locales/mail/fr.json';
import mailIt from '../../locales/mail/it.json';
import mailNb from '../../locales/mail/nb.json';
import mailNl from '../../locales/mail/nl.json';
import mailPl from '../../locales/mail/pl.json';
import mailSv from '../../locales/mail/sv.json';
import nb from '../../locales/nb.json';
import nl from '../../locales/nl.json';
import pl from '../../locales/pl.json';
import sv from '../../locales/sv.json';
import type { Locale } from '../../tenants/schema';

/**
 * The worker's catalogues of every supported locale: the main one (errors, validation, settings
 * texts) and the mails' and SMS texts. `satisfies` makes a locale added to SUPPORTED_LOCALES
 * without its files fail the typecheck.
 */
export const mainCatalogues = { nl, en, de, da, es, fi, fr, it, nb, pl, sv } satisfies Record<Locale, object>;
export const mailCatalogues = {
  nl: mailNl,
  en: mailEn,
  de: mailDe,
  da: mailDa,
  es: mailEs,
  fi: mailFi,
  fr: mailFr,
  it: mailIt,
  nb: mailNb,
  pl: mailPl,
  sv: mailSv,
} satisfies Record<Locale, object>;
