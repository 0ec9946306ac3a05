import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { Hero, ProfileGrid, SignupCta, type LanderProps } from '../parts';

/** Photos that fade into each other (CSS only: four slides, 4 s each), then the profiles. */
export default function Transitions(props: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const slides = props.profiles.filter((p) => p.main_image).slice(0, 4);
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
                src={photo.thumb(p.main_image!)}
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
        <ProfileGrid {...props} count={8} />
      </section>
    </>
  );
}
