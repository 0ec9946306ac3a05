import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSettings } from '../../lib/boot';
import { button, disabledState } from '../../components/ui/button.css';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert, useApiForm } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useRegions } from '../../components/ui/location-fields';
import { useLocale, useT } from '../../lib/i18n';
import { markLikeSeen, removeFromLikes, setLiked } from '../../lib/likes';
import type { ApiFailure } from '../../lib/request';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { ErrorPage } from '../errors/error-page';
import { HeartIcon } from '../likes/heart-icon';
import { MatchOverlay } from '../likes/match-overlay';
import { useInterests } from './api/interests';
import type { MemberCard } from './api/members';
import { loadMember, setBlocked, setLike, type MemberProfile } from './api/member';
import { DETAIL_FIELDS, fieldLabel, valueLabel } from './fields';
import { MemberPhotos } from './member-photos';
import * as v from './member-page.css';
import * as s from './profiles.css';
import { forgetResults } from './search-store';

/** /members/:id and /likes/m/:id: a member's profile; 404 when absent, deleted or blocking me. */
export function MemberPage() {
  const { id = '' } = useParams();
  const t = useT();
  const [state, setState] = useState<{ profile: MemberProfile } | { failure: ApiFailure } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState(null);
    void loadMember(id).then((res) => {
      if (!live) return;
      setState(res.ok ? { profile: res.data.profile } : { failure: res });
      // the server cleared this member's new-like flag for me: so does the likes state (spec section 4)
      if (res.ok) markLikeSeen(res.data.profile.id);
    });
    return () => void (live = false);
  }, [id, attempt]);

  if (!state) {
    return (
      <div className={s.page}>
        <p role="status" className={f.small}>{t('search.loading')}</p>
      </div>
    );
  }
  if ('failure' in state) {
    if (state.failure.status === 404 || state.failure.status === 400) return <ErrorPage status={404} />;
    return (
      <div className={`${s.page} ${s.narrow}`}>
        <FormAlert failure={state.failure} />
        <button type="button" className={button.outline} onClick={() => setAttempt((n) => n + 1)}>{t('member.retry')}</button>
      </div>
    );
  }
  return <Profile profile={state.profile} onChange={(change) => setState({ profile: { ...state.profile, ...change } })} />;
}

type OnChange = (change: Partial<Pick<MemberProfile, 'blocked' | 'liked'>>) => void;

function Profile({ profile: p, onChange }: { profile: MemberProfile; onChange: OnChange }) {
  const t = useT();
  const fromLikes = useLocation().pathname.startsWith('/likes/');
  const locale = useLocale();
  const { fictional_warning } = useSettings();
  const session = useStore(sessionStore);
  const interests = useInterests();
  const regions = useRegions(p.country ?? '');
  const own = session.user?.profile.id === p.id;
  const region = regions?.find((r) => r.code === p.region)?.name;
  const country = p.country ? new Intl.DisplayNames([locale], { type: 'region' }).of(p.country) : undefined;
  const place = [p.city, region, country].filter(Boolean).join(', ');
  const details = DETAIL_FIELDS.filter((field) => p[field]);
  const interestLabel = (id: string) => interests?.find((i) => i.id === id)?.label ?? id;

  return (
    <div className={s.page}>
      <title>{p.name}</title>
      {fromLikes ? (
        <Link className={s.back} to="/likes">{t('likes.back')}</Link>
      ) : (
        <Link className={s.back} to="/members">{t('member.back')}</Link>
      )}
      <div className={v.top}>
        <MemberPhotos name={p.name} photos={p.photos} />
        <div className={v.info}>
          <h1 className={s.title}>{p.name}</h1>
          <p className={v.facts}>
            {p.age !== undefined && <span>{t('member.age', { age: p.age })}</span>}
            {place && <span>{place}</span>}
            <span>{t('member.photo_count', { count: p.photo_count })}</span>
          </p>
          {p.fictional && <p className={v.warning} role="note">{fictional_warning}</p>}
          {own ? (
            <p className={s.text}>
              {t('member.own')} <Link to="/profile">{t('member.edit_own')}</Link>
            </p>
          ) : (
            session.status === 'in' && (
              <>
                {!p.blocked && <LikeControl profile={p} onLiked={(liked) => onChange({ liked })} />}
                <BlockControl profile={p} onBlocked={(blocked) => onChange({ blocked })} />
              </>
            )
          )}
        </div>
      </div>
      {p.about_me && (
        <section className={s.card} aria-labelledby="member-about">
          <h2 id="member-about" className={s.heading}>{t('member.about', { name: p.name })}</h2>
          <p className={v.about}>{p.about_me}</p>
        </section>
      )}
      {details.length > 0 && (
        <section className={s.card} aria-labelledby="member-details">
          <h2 id="member-details" className={s.heading}>{t('member.details')}</h2>
          <dl className={v.details}>
            {details.map((field) => (
              <div key={field} className={v.detail}>
                <dt className={v.term}>{fieldLabel(t, field)}</dt>
                <dd className={v.value}>{valueLabel(t, field, p[field]!)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {p.interests && p.interests.length > 0 && (
        <section className={s.card} aria-labelledby="member-interests">
          <h2 id="member-interests" className={s.heading}>{t('member.interests')}</h2>
          <ul className={s.chips}>
            {p.interests.map((id) => <li key={id} className={s.chip}>{interestLabel(id)}</li>)}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Block (after a confirm; back to the search, where the member is gone) or unblock. */
function BlockControl({ profile, onBlocked }: { profile: MemberProfile; onBlocked: (blocked: boolean) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const form = useApiForm();
  const [asking, setAsking] = useState(false);

  const block = () =>
    form.submit(() => setBlocked(profile.id, true), () => {
      forgetResults();
      removeFromLikes(profile.id);
      navigate('/members');
    });
  const unblock = () =>
    form.submit(() => setBlocked(profile.id, false), () => {
      forgetResults();
      onBlocked(false);
    });

  return (
    <div className={v.block}>
      <FormAlert failure={asking ? null : form.failure} />
      {profile.blocked ? (
        <>
          <p className={s.text} role="status">{t('member.blocked_note', { name: profile.name })}</p>
          <button type="button" className={`${button.outline} ${disabledState}`} disabled={form.busy} onClick={() => void unblock()}>{t('member.unblock')}</button>
        </>
      ) : (
        <button type="button" className={`${button.outline} ${disabledState}`} disabled={form.busy} onClick={() => setAsking(true)}>{t('member.block')}</button>
      )}
      {asking && (
        <ConfirmDialog
          title={t('member.block_title', { name: profile.name })}
          text={t('member.block_text')}
          confirm={t('member.block_confirm')}
          cancel={t('member.cancel')}
          busy={form.busy}
          onConfirm={() => void block().then(() => setAsking(false))}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}

/** The card the likes state keeps for a member seen on their profile. */
export function cardOf(p: MemberProfile): MemberCard {
  const main = p.photos.find((photo) => photo.main && photo.match);
  return {
    id: p.id,
    name: p.name,
    age: p.age ?? null,
    city: p.city ?? null,
    region: p.region ?? null,
    country: p.country ?? null,
    fictional: p.fictional,
    photo_count: p.photo_count,
    main_image: main?.match ? { match: main.match } : null,
  };
}

/** Like / Liked (a second press takes the like back); a like that makes a match shows the match overlay. */
function LikeControl({ profile, onLiked }: { profile: MemberProfile; onLiked: (liked: boolean) => void }) {
  const t = useT();
  const form = useApiForm();
  const [match, setMatch] = useState(false);
  const liked = !!profile.liked;
  // 404: I can no longer see this member (blocked, deleted): gone from the likes as well
  useEffect(() => {
    if (form.failure?.status === 404) removeFromLikes(profile.id);
  }, [form.failure, profile.id]);
  const toggle = () =>
    form.submit(() => setLike(profile.id, !liked), (answer) => {
      onLiked(answer.liked);
      setLiked(cardOf(profile), answer.liked);
      if (answer.liked && answer.match) setMatch(true);
    });
  return (
    <div className={v.like}>
      {profile.likes_me && (
        <p className={v.likesMe} role="note">
          <HeartIcon className={v.likesMeIcon} />
          {t(liked ? 'likes.match' : 'likes.likes_me', { name: profile.name })}
        </p>
      )}
      <button
        type="button"
        className={`${liked ? button.outline : button.primary} ${disabledState}`}
        aria-pressed={liked}
        aria-describedby={liked ? `unlike-${profile.id}` : undefined}
        disabled={form.busy}
        onClick={() => void toggle()}
      >
        <HeartIcon />
        {t(liked ? 'likes.liked' : 'likes.like')}
      </button>
      {liked && <p id={`unlike-${profile.id}`} className={f.small}>{t('likes.unlike_hint')}</p>}
      <FormAlert failure={form.failure} />
      {match && <MatchOverlay profile={cardOf(profile)} onClose={() => setMatch(false)} />}
    </div>
  );
}
