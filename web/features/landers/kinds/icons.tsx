import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { Hero, portions, SignupCta, type LanderProps } from '../parts';

const ICONS = {
  free: <path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" fill="currentColor" />,
  private: (
    <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm-1 12.6l5.7-5.7-1.4-1.4L11 11.8 8.7 9.5l-1.4 1.4z" fill="currentColor" />
  ),
  chat: (
    <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6h10V8H7zm0 4h7v-2H7z" fill="currentColor" />
  ),
  near: <path d="M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" fill="currentColor" />,
};

/** Four reasons with icons, a row of members and the signup. */
export default function Icons({ profiles }: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const [faces = []] = portions(profiles, 6);
  return (
    <>
      <Hero title={t('landers.iconslanding.title')} text={t('landers.iconslanding.text')}>
        <SignupCta />
      </Hero>
      <section className={s.section}>
        <ul className={s.icons}>
          {(Object.keys(ICONS) as (keyof typeof ICONS)[]).map((key) => (
            <li key={key} className={s.iconCard}>
              <span className={s.iconCircle}>
                <svg className={s.iconSvg} viewBox="0 0 24 24" aria-hidden="true">
                  {ICONS[key]}
                </svg>
              </span>
              <h2 className={s.iconTitle}>{t(`landers.iconslanding.${key}_title`)}</h2>
              <p className={s.iconText}>{t(`landers.iconslanding.${key}_text`)}</p>
            </li>
          ))}
        </ul>
        {faces.length > 0 && (
          <div className={s.strip} aria-hidden="true">
            {faces.map((p) => (
              <img key={p.id} className={s.stripAvatar} src={photo.thumb(p.main_image!)} alt="" width={64} height={64} loading="lazy" />
            ))}
          </div>
        )}
      </section>
      <div className={s.closing}>
        <SignupCta />
      </div>
    </>
  );
}
