import { matchPath, NavLink, useLocation } from 'react-router-dom';
import type { User } from '../../../worker/contracts/account';
import { useChats } from '../../lib/calls/get-chats';
import { useLikes } from '../../lib/calls/get-likes';
import { CREDITS_BADGE_AT } from '../../../worker/contracts/payments.values';
import { useT } from '../../lib/i18n';
import { badgeText } from '../../lib/likes';
import { QueryProvider } from '../../lib/query-client';
import { AccountMenu } from './account-menu';
import * as m from './member-nav.css';
import * as s from './top-nav.css';

/** A logged-in member's part of the top navigation (spec section 2): search members, messages (unread badge), likes (new-likes badge), then the account menu. */
export function MemberNav({ user }: { user: User }) {
  return (
    <QueryProvider>
      <Links user={user} />
    </QueryProvider>
  );
}

function Links({ user }: { user: User }) {
  const t = useT();
  // the badges show what others have loaded (the refresh, the likes and chat screens); they load nothing themselves
  const newLikes = useLikes({ enabled: false }).data?.newLikes ?? 0;
  // until the chats have loaded, the unread count the page came with
  const unread = useChats({ enabled: false }).data?.totalUnread ?? user.unread_messages;
  const countText = newLikes > 0 ? t('account_menu.new_likes', { count: newLikes }) : '';
  const unreadText = unread > 0 ? t('account_menu.unread', { count: unread }) : '';
  // a conversation opened from a profile (/members/:id/chat) belongs to the messages, not the search
  const chatWithMember = !!matchPath('/members/:id/chat', useLocation().pathname);
  const current = (active: boolean) => `${s.navLink} ${m.withBadge}${active ? ' active' : ''}`;
  return (
    <>
      <NavLink
        to="/members"
        className={({ isActive }) => current(isActive && !chatWithMember)}
        aria-current={chatWithMember ? false : 'page'}
      >
        <svg className={s.navIcon} viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className={m.label}>{t('account_menu.search')}</span>
      </NavLink>
      <NavLink to="/chats" className={({ isActive }) => current(isActive || chatWithMember)}>
        {/* inline, as the other nav icons: a shared icon module would become a chunk of its own */}
        <svg className={s.navIcon} viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M4 5.5C4 4.1 5.1 3 6.5 3h11C18.9 3 20 4.1 20 5.5v8c0 1.4-1.1 2.5-2.5 2.5H10l-4.2 3.6c-.6.5-1.5.1-1.5-.7V16.9A2.5 2.5 0 0 1 4 15.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinejoin="round"
          />
        </svg>
        <span className={m.label}>{t('account_menu.messages')}</span>
        {unread > 0 && (
          <>
            <span className={m.badge} aria-hidden="true">
              {badgeText(unread)}
            </span>
            <span className={s.visuallyHidden}>, {unreadText}</span>
          </>
        )}
      </NavLink>
      <NavLink to="/likes" className={`${s.navLink} ${m.withBadge}`}>
        <svg className={s.navIcon} viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 20s-7-4.3-8.9-8.7C1.7 8 3.7 4.8 6.9 4.8c2 0 3.3 1.1 5.1 3 1.8-1.9 3.1-3 5.1-3 3.2 0 5.2 3.2 3.8 6.5C19 15.7 12 20 12 20z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinejoin="round"
          />
        </svg>
        <span className={m.label}>{t('account_menu.likes')}</span>
        {newLikes > 0 && (
          <>
            <span className={m.badge} aria-hidden="true">
              {badgeText(newLikes)}
            </span>
            <span className={s.visuallyHidden}>, {countText}</span>
          </>
        )}
      </NavLink>
      <CreditsLink user={user} />
      {/* announces a change of the counts (spec: badges for unread messages and new likes) */}
      <span className={s.visuallyHidden} role="status" aria-live="polite">
        {[unreadText, countText].filter(Boolean).join(', ')}
      </span>
      <AccountMenu user={user} />
    </>
  );
}

/** Spec sections 2 and 9: the credits for premium members (a badge at 10 or fewer), "get premium" for the others. */
function CreditsLink({ user }: { user: User }) {
  const t = useT();
  const icon = (
    <svg className={s.navIcon} viewBox="0 0 24 24" aria-hidden="true">
      <ellipse cx="12" cy="7" rx="7.5" ry="3.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path
        d="M4.5 7v5c0 1.9 3.4 3.5 7.5 3.5s7.5-1.6 7.5-3.5V7M4.5 12v5c0 1.9 3.4 3.5 7.5 3.5s7.5-1.6 7.5-3.5v-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
      />
    </svg>
  );
  if (!user.paid_user) {
    return (
      <NavLink to="/premium" className={`${s.navLink} ${m.premium}`}>
        {icon}
        <span className={m.label}>{t('account_menu.premium')}</span>
      </NavLink>
    );
  }
  const low = user.credits <= CREDITS_BADGE_AT;
  return (
    <NavLink to="/credits" className={`${s.navLink} ${m.withBadge}`} title={t('account_menu.credits_count', { count: user.credits })}>
      {icon}
      <span className={m.label}>{t('account_menu.credits')}</span>
      {low && (
        <>
          <span className={user.credits > 0 ? m.creditsLow : m.creditsEmpty} aria-hidden="true">
            {user.credits}
          </span>
          <span className={s.visuallyHidden}>
            , {user.credits > 0 ? t('account_menu.credits_low', { count: user.credits }) : t('account_menu.credits_empty')}
          </span>
        </>
      )}
    </NavLink>
  );
}
