/**
 * The members-area screens (profiles, search, likes, the swipe game, the chat) share one chunk, as the auth
 * screens do: fewer lazy chunks keep the entry's preload map, and so the landing page's first-load
 * JS, small. Each reads server data, so each gets the query client (React Query loads with them).
 */
import { ChatPage as Chat } from '../features/chat/chat-page';
import { AppealPage as Appeal } from '../features/complaints/appeal-page';
import { ComplaintsPage as Complaints } from '../features/complaints/complaints-page';
import { LikeOverlay } from '../features/likes/like-overlay';
import { LikesPage as Likes } from '../features/likes/likes-page';
import { SwipePage as Swipe } from '../features/likes/swipe-page';
import { MatchFinder as Finder } from '../features/profiles/match-finder';
import { MemberPage as Member } from '../features/profiles/member-page';
import { MembersPage as Members } from '../features/profiles/members-page';
import { ProfilePage as Profile } from '../features/profiles/profile-page';
import { SignupMatches as Matches } from '../features/profiles/signup-matches';
import { withQueries } from '../lib/query-client';

export { loadMembersCatalogue } from '../lib/members-catalogue';
export { startFirstSearch } from '../features/profiles/members-page';
/** Rendered by the member layer, inside its query client. */
export { LikeOverlay };
export const LikesPage = withQueries(Likes);
export const SwipePage = withQueries(Swipe);
export const MemberPage = withQueries(Member);
export const MembersPage = withQueries(Members);
export const ProfilePage = withQueries(Profile);
export const ChatPage = withQueries(Chat);
export const MatchFinderPage = withQueries(Finder);
export const SignupMatchesPage = withQueries(Matches);
export const ComplaintsPage = withQueries(Complaints);
export const AppealPage = withQueries(Appeal);
