import { use, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorPage } from '../../components/ui/error-page';
import { track } from '../../lib/activity';
import { useBoot } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { fill, legalVars, loadLegal, PAGES_PATHS, type LegalCatalogue, type LegalPageKey } from './legal';
import * as s from './static-page.css';

const catalogues = new Map<string, Promise<LegalCatalogue>>();
/** One load per locale; the promise is kept so React's use() sees the same one each render. */
function legalCatalogue(locale: string) {
  let p = catalogues.get(locale);
  if (!p) catalogues.set(locale, (p = track(loadLegal(locale))));
  return p;
}

/**
 * /pages/{page}, /{token} (the same pages), /pricing and /complaints: the legal texts, filled with
 * this site's facts; `vars` adds facts the page's own screen knows (the pricing page: the buyer
 * country's methods and currency); `children` stand below the intro (the ban page's appeal button).
 */
export function StaticPage({
  page: fixed,
  vars: extra,
  children,
}: {
  page?: 'pricing' | 'complaints' | 'ban';
  vars?: Record<string, string>;
  children?: ReactNode;
}) {
  const params = useParams();
  const boot = useBoot();
  const t = useT();
  const key = (fixed ?? params.page ?? params.token) as LegalPageKey;
  const known = fixed !== undefined || (PAGES_PATHS as readonly string[]).includes(key);
  const catalogue = use(legalCatalogue(boot.settings.locale));
  if (!known) return <ErrorPage status={404} />;
  const page = catalogue[key];
  const vars = { ...legalVars(boot, boot.settings.locale, t('meta.date_locale')), ...extra };
  return (
    <article className={s.article}>
      <title>{`${page.title} – ${vars.site_name}`}</title>
      <h1 className={s.title}>{page.title}</h1>
      <p className={s.intro}>{fill(page.intro, vars)}</p>
      {children}
      {page.sections.map((section) => (
        <section key={section.heading} className={s.section}>
          <h2 className={s.heading}>{fill(section.heading, vars)}</h2>
          {section.body.map((p, i) => (
            <p key={i} className={s.para}>
              {fill(p, vars)}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
