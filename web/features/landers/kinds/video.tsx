import { useSettings } from '../../../lib/boot';
import { useT } from '../../../lib/i18n';
import * as s from '../landers.css';
import { Hero, ProfileGrid, SignupCta, type LanderProps } from '../parts';

/**
 * The prerendered page's video waits for the app (no autoplay, preload none: web/lander-prerender.tsx)
 * and hydration keeps the markup's attributes (web/lander-main.tsx), so the app starts it here.
 */
const play = (video: HTMLVideoElement | null) => {
  if (!video || video.autoplay) return;
  video.autoplay = true;
  video.preload = 'metadata';
  void video.play().catch(() => {});
};

/**
 * A landing page with a video (scripts/make-lander-video.mjs: made from the site's demo photos).
 * It has no sound track at all, and plays muted and inline; the poster is its first frame.
 */
export default function Video(props: LanderProps) {
  const t = useT();
  const { name } = useSettings();
  return (
    <>
      <Hero
        title={t('landers.video.title')}
        text={t('landers.video.text', { site_name: name })}
        art={
          <div className={s.media}>
            <video
              ref={play}
              className={s.video}
              src="/lander/reel.webm"
              poster="/lander/reel-poster.webp"
              muted
              playsInline
              autoPlay
              loop
              preload="metadata"
              aria-label={t('landers.video.label')}
              width={540}
              height={720}
            />
          </div>
        }
      >
        <SignupCta align="left" />
      </Hero>
      <section className={s.section}>
        <ProfileGrid {...props} count={8} />
      </section>
      <div className={s.closing}>
        <SignupCta />
      </div>
    </>
  );
}
