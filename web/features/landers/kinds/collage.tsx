import { useSettings } from '../../../lib/boot';
import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { portions, ProfileGrid, SignupCta, type LanderProps } from '../parts';

/** A collage of the members' photos behind the message and the signup. */
export default function Collage(props: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const { name } = useSettings();
  // the grid first (the profiles a visitor opens), then twelve cells of others behind the message (blank when there are fewer)
  const [grid = [], cells = []] = portions(props.profiles, 8, 12);
  return (
    <>
      <section className={s.collage}>
        <div className={s.collageGrid} aria-hidden="true">
          {cells.map((p) => (
            <img key={p.id} className={s.collageImage} src={photo.thumb(p.main_image!)} alt="" width={150} height={200} />
          ))}
          {Array.from({ length: 12 - cells.length }, (_, i) => (
            <span key={i} className={`${s.collageImage} ${s.collageBlank}`} />
          ))}
        </div>
        <div className={s.collageCard}>
          <div className={s.collageInner}>
            <h1 className={s.title}>{t('landers.collagelanding.title')}</h1>
            <p className={s.text}>{t('landers.collagelanding.text', { site_name: name })}</p>
            <SignupCta />
          </div>
        </div>
      </section>
      <section className={s.section}>
        <ProfileGrid {...props} profiles={grid} count={8} />
      </section>
    </>
  );
}
