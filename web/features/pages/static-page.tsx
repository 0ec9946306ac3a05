import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { useBoot } from '../../app/provider';
import { getBoot } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { fill, legalVars, loadLegal, PAGES_PATHS, type LegalPage, type LegalPageKey } from './legal';
import * as s from './static-page.css';

type Data = { page: LegalPage };

/** /pages/{page}, /pricing and /complaints: the legal texts, filled with this site's facts. */
async function loader({ params, request }: LoaderFunctionArgs): Promise<Data> {
  const path = new URL(request.url).pathname;
  const key = (params.page ?? path.slice(1)) as LegalPageKey;
  const known = params.page ? (PAGES_PATHS as readonly string[]).includes(key) : key === 'pricing' || key === 'complaints';
  if (!known) throw new Response('Not found', { status: 404 });
  const catalogue = await loadLegal(getBoot().settings.locale);
  return { page: catalogue[key] };
}

function StaticPage() {
  const { page } = useLoaderData() as Data;
  const boot = useBoot();
  const t = useT();
  const vars = legalVars(boot, boot.settings.locale, t('meta.date_locale'));
  return (
    <article className={s.article}>
      <title>{`${page.title} – ${vars.site_name}`}</title>
      <h1 className={s.title}>{page.title}</h1>
      <p className={s.intro}>{fill(page.intro, vars)}</p>
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

export const staticPageRoute: Pick<RouteObject, 'Component' | 'loader'> = { loader, Component: StaticPage };
