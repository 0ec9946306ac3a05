import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { getBoot } from '../../lib/boot';
import { fill, legalVars, loadLegal, PAGES_PATHS, type LegalPage, type LegalPageKey } from './legal';
import * as s from './static-page.css';

type Data = { page: LegalPage; vars: Record<string, string | number> };

/** /pages/{page}, /pricing and /complaints: the legal texts, filled with this site's facts. */
async function loader({ params, request }: LoaderFunctionArgs): Promise<Data> {
  const path = new URL(request.url).pathname;
  const key = (params.page ?? path.slice(1)) as LegalPageKey;
  const known = params.page ? (PAGES_PATHS as readonly string[]).includes(key) : key === 'pricing' || key === 'complaints';
  if (!known) throw new Response('Not found', { status: 404 });
  const boot = getBoot();
  const catalogue = await loadLegal(boot.settings.locale);
  return { page: catalogue[key], vars: legalVars(boot, boot.settings.locale) };
}

function StaticPage() {
  const { page, vars } = useLoaderData() as Data;
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
