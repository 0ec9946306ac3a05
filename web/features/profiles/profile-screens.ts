/**
 * The members-area screens (with likes and the swipe game) share one chunk (as the auth screens do): fewer lazy chunks keep the
 * entry's preload map, and so the landing page's first-load JS, small.
 */
export { LikeOverlay } from '../likes/like-overlay';
export { LikesPage } from '../likes/likes-page';
export { SwipePage } from '../likes/swipe-page';
export { loadMembersCatalogue } from './members-catalogue';
export { MemberPage } from './member-page';
export { MembersPage } from './members-page';
export { ProfilePage } from './profile-page';
