// Every site file of this folder. Adding a site: add its JSON file and one line here;
// `npm run tenants:check` (and the tenant test) fail when a file is missing from this list.
import bbwNl from './bbw-nl.json';
import bdsmDe from './bdsm-de.json';
import bdsmNl from './bdsm-nl.json';
import companies from './companies.json';
import gayNl from './gay-nl.json';
import gilfNl from './gilf-nl.json';
import milfNl from './milf-nl.json';
import sheDa from './she-da.json';
import sheDe from './she-de.json';
import sheEng from './she-eng.json';
import sheEs from './she-es.json';
import sheFi from './she-fi.json';
import sheFr from './she-fr.json';
import sheIt from './she-it.json';
import sheNb from './she-nb.json';
import shePl from './she-pl.json';
import sheSv from './she-sv.json';
import silverNl from './silver-nl.json';
import vonkje from './vonkje.json';

export const tenantFiles: Record<string, unknown> = {
  'vonkje.json': vonkje,
  'bdsm-nl.json': bdsmNl,
  'bbw-nl.json': bbwNl,
  'gilf-nl.json': gilfNl,
  'milf-nl.json': milfNl,
  'silver-nl.json': silverNl,
  'gay-nl.json': gayNl,
  'she-eng.json': sheEng,
  'she-de.json': sheDe,
  'she-fr.json': sheFr,
  'she-it.json': sheIt,
  'she-es.json': sheEs,
  'she-pl.json': shePl,
  'she-da.json': sheDa,
  'she-sv.json': sheSv,
  'she-fi.json': sheFi,
  'she-nb.json': sheNb,
  'bdsm-de.json': bdsmDe,
};

export const companiesFile: unknown = companies;
