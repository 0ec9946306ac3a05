// Every site file of this folder. Adding a site: add its JSON file and one line here;
// `npm run tenants:check` (and the tenant test) fail when a file is missing from this list.
import bbwNl from './bbw-nl.json';
import bdsmNl from './bdsm-nl.json';
import companies from './companies.json';
import gayNl from './gay-nl.json';
import gilfNl from './gilf-nl.json';
import milfNl from './milf-nl.json';
import sheDe from './she-de.json';
import sheEng from './she-eng.json';
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
};

export const companiesFile: unknown = companies;
