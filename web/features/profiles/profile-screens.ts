/**
 * The members-area screens share one chunk (as the auth screens do): fewer lazy chunks keep the
 * entry's preload map, and so the landing page's first-load JS, small.
 */
export { loadMembersCatalogue } from './members-catalogue';
export { MemberPage } from './member-page';
export { MembersPage } from './members-page';
export { ProfilePage } from './profile-page';
