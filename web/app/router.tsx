import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ErrorPage } from '../components/ui/error-page';
import { track } from '../lib/activity';
import { withChunkReload } from '../lib/chunk-reload';
import { loadAccountCatalogue } from '../lib/i18n';
import { preloadable } from '../lib/preloadable';
import { ChatLayout } from './layouts/chat-layout';
import { DefaultLayout } from './layouts/default-layout';
import { LanderLayout } from './layouts/lander-layout';

/**
 * Route-level code splitting: each screen is its own chunk, counted by the progress bar and
 * guarded against stale deploys (one reload a minute at most). A screen loaded ahead (a page the
 * worker sent prerendered: preloadScreen) renders at once.
 */
const screen = <P extends object>(load: () => Promise<ComponentType<P>>) => preloadable(load, (l) => withChunkReload(() => track(l())));

/** An account screen: its chunk and the account catalogue (locales/account) load together. */
const accountScreen = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  screen(() => Promise.all([load(), loadAccountCatalogue()]).then(([Component]) => Component));

/** The members-area screens (profile, search, profile view, likes, swipe game, chat) share a chunk; the members catalogue loads with them. */
const memberScreens = () => import('./member-screens').then((m) => m.loadMembersCatalogue().then(() => m));

/** The payment screens share a chunk; the payments catalogue (and the account one, for the navigation) loads with them. */
const paymentScreens = () => import('./payment-screens').then((m) => m.loadPaymentsCatalogue().then(() => m));
const paymentScreen = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  screen(() => Promise.all([load(), loadAccountCatalogue()]).then(([Component]) => Component));

/** The small account screens (login, password reset, activation…) share one chunk. */
const authScreens = () => import('../features/auth/auth-screens');

const LandingPage = screen(() => import('../features/landing/landing-page').then((m) => m.LandingPage));
const StaticPage = screen(() => import('../features/pages/static-page').then((m) => m.StaticPage));
/**
 * The landers and campaign pages: their chunk, then the landers catalogue (locales/landers) it
 * loads (the shell preloads both); the catalogue loaders stay out of the entry.
 */
const LanderPage = screen(() => import('../features/landers/lander-page').then((m) => m.loadLandersCatalogue().then(() => m.LanderPage)));
const CampaignPage = screen(() =>
  import('../features/landers/campaign-page').then((m) => m.loadLandersCatalogue().then(() => m.CampaignPage)),
);
const LoginPage = accountScreen(() => authScreens().then((m) => m.LoginPage));
const SignupPage = accountScreen(() => import('./signup-screens').then((m) => m.SignupPage));
const ResetPasswordPage = accountScreen(() => authScreens().then((m) => m.ResetPasswordPage));
const ResetPasswordDoPage = accountScreen(() => authScreens().then((m) => m.ResetPasswordDoPage));
const ActivatePage = accountScreen(() => authScreens().then((m) => m.ActivatePage));
const MailChangeDoPage = accountScreen(() => authScreens().then((m) => m.MailChangeDoPage));
const ReactivatePage = accountScreen(() => authScreens().then((m) => m.ReactivatePage));
const AccountDeletedPage = accountScreen(() => authScreens().then((m) => m.AccountDeletedPage));
const SettingsPage = accountScreen(() => import('../features/settings/settings-page').then((m) => m.SettingsPage));
const UnsubscribePage = accountScreen(() => import('../features/settings/unsubscribe-page').then((m) => m.UnsubscribePage));
const ProfilePage = accountScreen(() => memberScreens().then((m) => m.ProfilePage));
const MembersPage = accountScreen(() => memberScreens().then((m) => m.MembersPage));
const MemberPage = accountScreen(() => memberScreens().then((m) => m.MemberPage));
const LikesPage = accountScreen(() => memberScreens().then((m) => m.LikesPage));
const SwipePage = accountScreen(() => memberScreens().then((m) => m.SwipePage));
const ChatPage = accountScreen(() => memberScreens().then((m) => m.ChatPage));
const ComplaintsPage = accountScreen(() => memberScreens().then((m) => m.ComplaintsPage));
const AppealPage = accountScreen(() => memberScreens().then((m) => m.AppealPage));
/** /pages/ban: the ban text, and the appeal box when the page was given the ban's appeal link. */
const BanPage = screen(() => import('./ban-page').then((m) => m.BanPage));
const CreditsPage = paymentScreen(() => paymentScreens().then((m) => m.CreditsPage));
const PremiumPage = paymentScreen(() => paymentScreens().then((m) => m.PremiumPage));
const CheckoutPage = paymentScreen(() => paymentScreens().then((m) => m.CheckoutPage));
const TransactionsPage = paymentScreen(() => paymentScreens().then((m) => m.TransactionsPage));
const DirectDebitPage = paymentScreen(() => paymentScreens().then((m) => m.DirectDebitPage));
const RepeatOrderPage = paymentScreen(() => paymentScreens().then((m) => m.RepeatOrderPage));
const MatchFinderPage = accountScreen(() => memberScreens().then((m) => m.MatchFinderPage));
const SignupMatchesPage = accountScreen(() => memberScreens().then((m) => m.SignupMatchesPage));
const LangConfigPage = accountScreen(() => import('../features/lang-config/lang-config-page').then((m) => m.LangConfigPage));
const PricingPackages = screen(() => paymentScreens().then((m) => m.PricingPackages));

/**
 * The screens the worker sends prerendered in the page (worker/features/shell: the visitor's
 * landing page, a member's search), by path: main.tsx loads the screen before React's first render, which then
 * replaces the prerendered markup with the same page in one commit.
 */
const PRERENDERED: Record<string, { preload: () => Promise<unknown> }> = { '/': LandingPage, '/members': MembersPage };
export const preloadScreen = (path: string) => PRERENDERED[path]?.preload() ?? Promise.resolve();

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<DefaultLayout />}>
        <Route index element={<LandingPage />} />
        {/* after a refused login or a closed live connection, with the ban's appeal link */}
        <Route path="pages/ban" element={<BanPage />} />
        <Route path="pages/:page" element={<StaticPage />} />
        <Route path="pricing" element={<PricingPackages />} />
        {/* a member's decisions, appeals and complaints first (nothing for a visitor), then the complaints text */}
        <Route
          path="complaints"
          element={
            <>
              <ComplaintsPage />
              <StaticPage page="complaints" />
            </>
          }
        />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="complete-signup" element={<SignupPage resume />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="reset-password/do" element={<ResetPasswordDoPage />} />
        <Route path="activate/done" element={<ActivatePage outcome="done" />} />
        <Route path="activate/error" element={<ActivatePage outcome="error" />} />
        <Route path="mail-change/do" element={<MailChangeDoPage />} />
        <Route path="reactivate" element={<ReactivatePage />} />
        <Route path="account-deleted" element={<AccountDeletedPage />} />
        <Route path="notifications" element={<SettingsPage />} />
        <Route path="unsubscribe/:token" element={<UnsubscribePage />} />
        <Route path="appeal/:token" element={<AppealPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="members/:id" element={<MemberPage />} />
        <Route path="likes/:type?" element={<LikesPage />} />
        <Route path="likes/m/:id" element={<MemberPage />} />
        <Route path="swipe-game" element={<SwipePage />} />
        <Route path="credits" element={<CreditsPage />} />
        <Route path="credits/repeat-order" element={<RepeatOrderPage />} />
        <Route path="credits/:id/:paymentmethod?" element={<CheckoutPage />} />
        <Route path="directdebit" element={<DirectDebitPage />} />
        <Route path="premium" element={<PremiumPage />} />
        <Route path="transactions/:id?" element={<TransactionsPage />} />
        <Route path="match-finder" element={<MatchFinderPage />} />
        <Route path="signup-matches" element={<SignupMatchesPage />} />
        <Route path="lang-config" element={<LangConfigPage />} />
        {/* spec section 2, "Static pages: {token}": a legal page at the root; any other one is a 404 */}
        <Route path=":token" element={<StaticPage />} />
        <Route path="*" element={<ErrorPage status={404} />} />
      </Route>
      <Route element={<LanderLayout />}>
        <Route path="landers/:name/:slug?" element={<LanderPage />} />
        <Route path="members/:id/landing" element={<CampaignPage variant="landing" />} />
        <Route path="members/:id/signup" element={<CampaignPage variant="signup" />} />
        <Route path="members/:id/landing2/:slug?" element={<CampaignPage variant="landing2" />} />
        <Route path="members/:id/landing3/:slug?" element={<CampaignPage variant="landing3" />} />
      </Route>
      {/* One chat screen for its three routes: the list stays while the conversation changes. */}
      <Route element={<ChatLayout />}>
        <Route path="chats/:id?" element={<ChatPage />} />
        <Route path="members/:id/chat" element={<ChatPage by="profile" />} />
      </Route>
      {/* The empty layout gets its routes with the signup screens. */}
    </Routes>
  );
}
