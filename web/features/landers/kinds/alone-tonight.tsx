import { useSettings } from '../../../lib/boot';
import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { Hero, portions, ProfileGrid, SignupCta, type LanderProps } from '../parts';

function Moon() {
  return (
    <svg className={s.moon} viewBox="0 0 72 72" aria-hidden="true">
      <circle cx="36" cy="36" r="30" className={s.moonLight} />
      <circle cx="48" cy="28" r="26" className={s.moonShadow} />
      <circle cx="14" cy="14" r="1.6" fill="#fff" />
      <circle cx="60" cy="56" r="1.2" fill="#fff" />
      <circle cx="8" cy="50" r="1" fill="#fff" />
    </svg>
  );
}

/** "Alone tonight?": a night-time hero with the members online, then their tiles. */
export default function AloneTonight(props: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const { name } = useSettings();
  const [grid = [], faces = []] = portions(props.profiles, 8, 5);
  return (
    <>
      <Hero
        eyebrow={t('landers.alonetonight.eyebrow')}
        title={t('landers.alonetonight.title')}
        text={t('landers.alonetonight.text', { site_name: name })}
      >
        <Moon />
        {faces.length > 0 && (
          <div className={s.avatars} aria-hidden="true">
            {faces.map((p) => (
              <img key={p.id} className={s.avatar} src={photo.thumb(p.main_image!)} alt="" width={56} height={56} />
            ))}
          </div>
        )}
        <SignupCta />
      </Hero>
      <section className={s.section}>
        <ProfileGrid {...props} profiles={grid} count={8} />
      </section>
      <div className={s.closing}>
        <SignupCta />
      </div>
    </>
  );
}
