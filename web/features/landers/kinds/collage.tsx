import { useSettings } from '../../../lib/boot';
import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { ProfileGrid, SignupCta, type LanderProps } from '../parts';

/** A collage of the members' photos behind the message and the signup. */
export default function Collage(props: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const { name } = useSettings();
  const withPhoto = props.profiles.filter((p) => p.main_image);
  // twelve cells, the photos repeated when there are fewer
  const cells = withPhoto.length ? Array.from({ length: 12 }, (_, i) => withPhoto[i % withPhoto.length]!) : [];
  return (
    <>
      <section className={s.collage}>
        <div className={s.collageGrid} aria-hidden="true">
          {cells.length
            ? cells.map((p, i) => (
                <img key={i} className={s.collageImage} src={photo.thumb(p.main_image!)} alt="" width={150} height={200} />
              ))
            : Array.from({ length: 12 }, (_, i) => <span key={i} className={`${s.collageImage} ${s.collageBlank}`} />)}
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
        <ProfileGrid {...props} count={8} />
      </section>
    </>
  );
}
