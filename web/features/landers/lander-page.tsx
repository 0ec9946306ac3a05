import { Link, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { button } from '../../components/ui/button.css';
import { useT } from '../../lib/i18n';
import * as s from './lander-page.css';

/** Spec section 2: the campaign landing pages under /landers/{name}/{slug?}. */
export const LANDERS = [
  'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork',
  'transitionsvideolanding', 'video', 'tinderswipe',
];

function loader({ params }: LoaderFunctionArgs) {
  if (!LANDERS.includes(params.name ?? '')) throw new Response('Not found', { status: 404 });
  if (params.name === 'tinderswipe' && params.slug) throw new Response('Not found', { status: 404 });
  return null;
}

function LanderPage() {
  const t = useT();
  return (
    <section className={s.wrap}>
      <div className={s.inner}>
        <h1 className={s.title}>{t('lander.title')}</h1>
        <p className={s.text}>{t('lander.text')}</p>
        <Link to="/" className={button.large}>
          {t('lander.cta')}
        </Link>
      </div>
    </section>
  );
}

export const landerRoute: Pick<RouteObject, 'Component' | 'loader'> = { loader, Component: LanderPage };
