import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { Badges, Hero, portions, SignupCta, useCardMeta, useSignupClick, type LanderProps } from '../parts';

/** A social-network feed: members' new photos and posts; every reaction starts with the signup. */
export default function Social({ profiles, state }: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const meta = useCardMeta();
  const click = useSignupClick();
  // the feed's posts and the list beside it show different people
  const [posts = [], online = []] = portions(profiles, 6, 6);
  return (
    <>
      <Hero title={t('landers.socialnetwork.title')} text={t('landers.socialnetwork.text')} />
      <section className={s.section}>
        {state === 'refused' && <p className={s.locked}>{t('landers.locked')}</p>}
        <div className={s.feedLayout}>
          <ul className={s.feed}>
            {posts.map((p, i) => (
              <li key={p.id} className={s.post}>
                <div className={s.postHead}>
                  <img
                    className={s.postAvatar}
                    src={photo.thumb(p.main_image!)}
                    alt=""
                    width={44}
                    height={44}
                    loading={i ? 'lazy' : 'eager'}
                  />
                  <span className={s.postWho}>
                    <strong>{p.name}</strong>
                    <span>{i % 2 ? t('landers.socialnetwork.looking') : t('landers.socialnetwork.new_photo')}</span>
                  </span>
                </div>
                <div className={s.postPhoto}>
                  <img
                    className={s.postImage}
                    {...photo.tile(p.main_image!, '(min-width: 592px) 560px, 100vw')}
                    alt=""
                    width={400}
                    height={500}
                    loading={i ? 'lazy' : 'eager'}
                  />
                  <Badges card={p} />
                </div>
                <div className={s.postActions}>
                  <Link to="/signup" className={s.action} onClick={click}>
                    ♥ {t('landers.socialnetwork.like')}
                  </Link>
                  <Link to="/signup" className={s.action} onClick={click}>
                    {t('landers.socialnetwork.reply')}
                  </Link>
                  <span className={s.postMeta}>{meta(p)}</span>
                </div>
              </li>
            ))}
          </ul>
          <aside className={s.side}>
            <ul className={s.sideList}>
              {online.map((p) => (
                <li key={p.id} className={s.sideItem}>
                  {p.main_image && (
                    <img className={s.postAvatar} src={photo.thumb(p.main_image)} alt="" width={44} height={44} loading="lazy" />
                  )}
                  <span className={s.postWho}>
                    <strong>{p.name}</strong>
                    <span>{meta(p)}</span>
                  </span>
                </li>
              ))}
            </ul>
            <SignupCta />
          </aside>
        </div>
      </section>
    </>
  );
}
