import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MemberPhoto } from '../../../worker/contracts/profiles';
import { PhotoViewer } from '../../components/ui/photo-viewer';
import { ReportButton } from '../../components/report-dialog';
import { button } from '../../components/ui/button.css';
import { usePhotoUrls } from '../../lib/photos';
import { useT } from '../../lib/i18n';
import * as g from './member-photos.css';
import * as s from './profiles.css';

function LockIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z"
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * A photo this viewer may not see: its server-made preview (16 px, docs/decisions/189-locked-photo-previews.md) scaled
 * up under a blur, the reason and the way to open it (premium for a member, logging in for a visitor).
 */
function LockedPhoto({ photo }: { photo: MemberPhoto }) {
  const t = useT();
  const login = photo.unlock === 'login';
  const reason = useId();
  return (
    <div className={g.locked} role="group" aria-labelledby={reason}>
      {photo.preview && <img className={g.preview} src={photo.preview} alt="" />}
      <div className={g.lockedBody}>
        <LockIcon className={g.lockIcon} />
        <p className={g.lockedText} id={reason}>
          {t(login ? 'member.locked_login' : 'member.locked_premium')}
        </p>
        <Link to={login ? '/login' : '/premium'} className={button.primary}>
          {t(login ? 'member.unlock_login' : 'member.unlock_premium')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The profile's photos: one large, the others as thumbnails; a locked one shows its blurred preview and the way to open it.
 * The large one opens the photo viewer over the page, with every photo this member may see.
 */
export function MemberPhotos({ name, photos, reportable = false }: { name: string; photos: MemberPhoto[]; reportable?: boolean }) {
  const t = useT();
  const urls = usePhotoUrls();
  const [shown, setShown] = useState(() =>
    Math.max(
      0,
      photos.findIndex((p) => p.main),
    ),
  );
  const photo = photos[shown];
  const open = photos.filter((p): p is MemberPhoto & { match: string } => !p.locked && !!p.match);
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <div className={g.gallery}>
      <div className={g.stage}>
        {!photo ? (
          <span className={s.avatar} aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        ) : photo.locked || !photo.match ? (
          <LockedPhoto photo={photo} />
        ) : (
          <button
            type="button"
            className={g.open}
            onClick={() => setViewing(open.indexOf(photo as MemberPhoto & { match: string }))}
            aria-label={t('member.open_photo', { number: shown + 1, name })}
          >
            <img
              className={g.image}
              {...urls.large(
                { match: photo.match, thumb_filename: photo.thumb_filename ?? photo.match },
                '(min-width: 900px) 480px, 100vw',
              )}
              alt={t('member.photo_alt', { number: shown + 1, name })}
            />
          </button>
        )}
      </div>
      {viewing !== null && (
        <PhotoViewer
          photos={open.map((p) => ({
            src: urls.display({ match: p.match, thumb_filename: p.thumb_filename ?? p.match }),
            alt: t('member.photo_alt', { number: photos.indexOf(p) + 1, name }),
          }))}
          start={viewing}
          onClose={() => setViewing(null)}
        />
      )}
      {reportable && photo && !photo.locked && photo.match && (
        <ReportButton key={photo.id} target={{ kind: 'photo', id: photo.id }} label={t('report.photo')} className={g.report} />
      )}
      {photos.length > 1 && (
        <ul className={g.thumbs} aria-label={t('member.photos', { name })}>
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className={g.thumb}
                aria-pressed={i === shown}
                aria-label={t('member.show_photo', { number: i + 1 })}
                onClick={() => setShown(i)}
              >
                {p.locked || !p.match ? (
                  <>
                    {p.preview && <img className={g.preview} src={p.preview} alt="" />}
                    <LockIcon className={g.thumbLock} />
                  </>
                ) : (
                  <img
                    className={g.image}
                    src={urls.thumb({ match: p.match, thumb_filename: p.thumb_filename ?? p.match })}
                    alt=""
                    loading="lazy"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
