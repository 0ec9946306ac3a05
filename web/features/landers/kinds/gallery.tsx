import { useSettings } from '../../../lib/boot';
import { useT } from '../../../lib/i18n';
import * as s from '../landers.css';
import { ProfileGrid, SignupCta, type LanderProps } from '../parts';

/** A gallery: the newest profiles, large, with the signup at the end. */
export default function Gallery(props: LanderProps) {
  const t = useT();
  const { name } = useSettings();
  return (
    <>
      <section className={s.section}>
        <h1 className={s.sectionTitle}>{t('landers.gallery.title', { site_name: name })}</h1>
        <p className={s.locked}>{t('landers.gallery.text')}</p>
        <ProfileGrid {...props} count={12} />
      </section>
      <div className={s.closing}>
        <SignupCta />
      </div>
    </>
  );
}
