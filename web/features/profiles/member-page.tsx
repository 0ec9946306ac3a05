import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { MemberProfile } from '../../../worker/contracts/profiles';
import { button, disabledState } from '../../components/ui/button.css';
import { ChatIcon } from '../../components/ui/chat-icon';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ReportButton } from '../../components/report-dialog';
import { ErrorPage } from '../../components/ui/error-page';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { HeartIcon } from '../../components/ui/heart-icon';
import { MatchOverlay } from '../../components/ui/match-overlay';
import { useSettings } from '../../lib/boot';
import { useRegions } from '../../lib/calls/get-regions';
import { OnlineBadge } from '../../components/ui/online-badge';
import { useLocale, useT } from '../../lib/i18n';
import { regionName } from '../../lib/intl';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useBlockMember } from './api/block-member';
import { useInterests } from './api/get-interests';
import { useMember } from './api/get-member';
import { cardOf, useLikeMember } from './api/like-member';
import { DETAIL_FIELDS, fieldLabel, valueLabel } from './fields';
import * as v from './member-page.css';
import { MemberPhotos } from './member-photos';
import * as s from './profiles.css';
import { rememberScroll } from './search-store';

/** /members/:id and /likes/m/:id: a member's profile; 404 when absent, deleted or blocking me. */
export function MemberPage() {
  const { id = '' } = useParams();
  const t = useT();
  const member = useMember(id);

  if (member.data) return <Profile profile={member.data.profile} />;
  if (!member.error || member.isFetching) {
    return (
      <div className={s.page}>
        <p role="status" className={f.small}>
          {t('search.loading')}
        </p>
      </div>
    );
  }
  if (member.error.status === 404 || member.error.status === 400) return <ErrorPage status={404} />;
  return (
    <div className={`${s.page} ${s.narrow}`}>
      <FormAlert failure={member.error} />
      <button type="button" className={button.outline} onClick={() => void member.refetch()}>
        {t('member.retry')}
      </button>
    </div>
  );
}

function Profile({ profile: p }: { profile: MemberProfile }) {
  const t = useT();
  const fromLikes = useLocation().pathname.startsWith('/likes/');
  const locale = useLocale();
  const { fictional_warning } = useSettings();
  const session = useStore(sessionStore);
  const interests = useInterests();
  const regions = useRegions(p.country ?? '');
  const own = session.user?.profile.id === p.id;
  const region = regions?.find((r) => r.code === p.region)?.name;
  const country = p.country ? regionName(locale, p.country) : undefined;
  const place = [p.city, region, country].filter(Boolean).join(', ');
  const details = DETAIL_FIELDS.filter((field) => p[field]);
  const interestLabel = (id: string) => interests?.find((i) => i.id === id)?.label ?? id;

  return (
    <div className={s.page}>
      <title>{p.name}</title>
      {fromLikes ? (
        <Link className={s.back} to="/likes">
          {t('likes.back')}
        </Link>
      ) : (
        <Link className={s.back} to="/members">
          {t('member.back')}
        </Link>
      )}
      <div className={v.top}>
        <MemberPhotos name={p.name} photos={p.photos} reportable={!own} />
        <div className={v.info}>
          <h1 className={s.title}>{p.name}</h1>
          <p className={v.facts}>
            {p.online && <OnlineBadge label={t('presence.online')} />}
            {p.recently_active && <OnlineBadge label={t('presence.recent')} recent />}
            {p.age !== undefined && <span>{t('member.age', { age: p.age })}</span>}
            {place && <span>{place}</span>}
            <span>{t('member.photo_count', { count: p.photo_count })}</span>
          </p>
          {p.fictional && (
            <p className={v.warning} role="note">
              {fictional_warning}
            </p>
          )}
          {own ? (
            <p className={s.text}>
              {t('member.own')} <Link to="/profile">{t('member.edit_own')}</Link>
            </p>
          ) : (
            session.status === 'in' && (
              <>
                {!p.blocked && (
                  <Link to={`/members/${p.id}/chat`} className={`${button.primary} ${v.message}`}>
                    <ChatIcon />
                    {t('member.message')}
                  </Link>
                )}
                {!p.blocked && <LikeControl profile={p} />}
                <BlockControl profile={p} />
              </>
            )
          )}
          {!own && <ReportButton target={{ kind: 'profile', id: p.id }} label={t('report.profile')} className={v.report} />}
        </div>
      </div>
      {p.about_me && (
        <section className={s.card} aria-labelledby="member-about">
          <h2 id="member-about" className={s.heading}>
            {t('member.about', { name: p.name })}
          </h2>
          <p className={v.about}>{p.about_me}</p>
        </section>
      )}
      {details.length > 0 && (
        <section className={s.card} aria-labelledby="member-details">
          <h2 id="member-details" className={s.heading}>
            {t('member.details')}
          </h2>
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
          <h2 id="member-interests" className={s.heading}>
            {t('member.interests')}
          </h2>
          <ul className={s.chips}>
            {p.interests.map((id) => (
              <li key={id} className={s.chip}>
                {interestLabel(id)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Block (after a confirm; back to the search, where the member is gone) or unblock. */
function BlockControl({ profile }: { profile: MemberProfile }) {
  const t = useT();
  const navigate = useNavigate();
  const block = useBlockMember();
  const [asking, setAsking] = useState(false);

  const change = (blocked: boolean) =>
    block.mutate(
      { id: profile.id, blocked },
      {
        onSuccess: () => {
          // the search list is loaded again: it starts at its top
          rememberScroll(0);
          if (blocked) navigate('/members');
        },
        onSettled: () => setAsking(false),
      },
    );

  return (
    <div className={v.block}>
      <FormAlert failure={asking ? null : block.error} />
      {profile.blocked ? (
        <>
          <p className={s.text} role="status">
            {t('member.blocked_note', { name: profile.name })}
          </p>
          <button type="button" className={`${button.outline} ${disabledState}`} disabled={block.isPending} onClick={() => change(false)}>
            {t('member.unblock')}
          </button>
        </>
      ) : (
        <button type="button" className={`${button.outline} ${disabledState}`} disabled={block.isPending} onClick={() => setAsking(true)}>
          {t('member.block')}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={t('member.block_title', { name: profile.name })}
          text={t('member.block_text')}
          confirm={t('member.block_confirm')}
          cancel={t('member.cancel')}
          busy={block.isPending}
          onConfirm={() => change(true)}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}

/** Like / Liked (a second press takes the like back); a like that makes a match shows the match overlay. */
function LikeControl({ profile }: { profile: MemberProfile }) {
  const t = useT();
  const like = useLikeMember();
  const [match, setMatch] = useState(false);
  const liked = !!profile.liked;
  const toggle = () => like.mutate({ profile, liked: !liked }, { onSuccess: (answer) => answer.liked && answer.match && setMatch(true) });
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
        disabled={like.isPending}
        onClick={toggle}
      >
        <HeartIcon />
        {t(liked ? 'likes.liked' : 'likes.like')}
      </button>
      {liked && (
        <p id={`unlike-${profile.id}`} className={f.small}>
          {t('likes.unlike_hint')}
        </p>
      )}
      <FormAlert failure={like.error} />
      {match && <MatchOverlay profile={cardOf(profile)} onClose={() => setMatch(false)} />}
    </div>
  );
}
