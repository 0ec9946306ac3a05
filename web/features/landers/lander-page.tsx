import { Link, useParams } from 'react-router-dom';
import { button } from '../../components/ui/button.css';
import { ErrorPage } from '../../components/ui/error-page';
import { useT } from '../../lib/i18n';
import * as s from './lander-page.css';

/** Spec section 2: the campaign landing pages under /landers/{name}/{slug?}. */
export const LANDERS = [
  'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork',
  'transitionsvideolanding', 'video', 'tinderswipe',
];

export function LanderPage() {
  const t = useT();
  const { name = '', slug } = useParams();
  if (!LANDERS.includes(name) || (name === 'tinderswipe' && slug)) return <ErrorPage status={404} />;
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
