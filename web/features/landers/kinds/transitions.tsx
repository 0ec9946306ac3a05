import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { Hero, portions, ProfileGrid, SignupCta, type LanderProps } from '../parts';

/** Photos that fade into each other (CSS only: four slides, 4 s each), then the profiles. */
export default function Transitions(props: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const [slides = [], grid = []] = portions(props.profiles, 4, 8);
  return (
    <>
      <Hero
        title={t('landers.transitionsvideolanding.title')}
        text={t('landers.transitionsvideolanding.text')}
        art={
          <div className={s.media} aria-hidden="true">
            {slides.map((p, i) => (
              <img
                key={p.id}
                className={s.slide}
                {...photo.tile(p.main_image!, '380px')}
                alt=""
                width={400}
                height={533}
                style={{ animationDelay: `${i * 4}s`, animationDuration: `${slides.length * 4}s` }}
              />
            ))}
          </div>
        }
      >
        <SignupCta align="left" />
      </Hero>
      <section className={s.section}>
        <ProfileGrid {...props} profiles={grid} count={8} />
      </section>
    </>
  );
}
