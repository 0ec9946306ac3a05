/**
 * Every call the web apps make, by method and path, bound to what it takes and what it answers:
 * the one table the typed clients (web/lib/http.ts) read, so a wrong path, method, body or answer
 * type fails `npm run typecheck`. Types only: nothing here reaches a bundle. `input` is the JSON
 * body (a multipart call says `FormData`); a GET's parameters stay in its path's query string
 * (`/api/chats.php?before=…`), so a GET's `input` is `void`. A path that differs only in its query
 * (`POST /api/user.php?push=1`) is a route of its own.
 */
import type { z } from 'zod';
import type {
  DeleteAccountInput,
  languageInput,
  LoginInput,
  LogoutAnswer,
  mailChangeInput,
  MailChangeDoAnswer,
  passwordInput,
  ReactivateAnswer,
  resetInput,
  resetRequestInput,
  ResendActivationAnswer,
  SignupInput,
  StepInput,
  tokenInput,
  UserAnswer,
} from './account';
import type { ChatsAnswer, DeleteChatAnswer, DeleteChatInput, GiftsAnswer, MessagesAnswer, SendAnswer, SendInput } from './chat';
import type { MemberIdBody, Ok } from './common';
import type {
  ChatAnswerAnswer,
  ChatAnswerInput,
  ChatConversationAnswer,
  ChatFiguresAnswer,
  ChatLockAnswer,
  ChatLockInput,
  ChatNoteAnswer,
  chatNoteInput,
  ChatQueueAnswer,
  ChatTypingAnswer,
  chatTypingInput,
} from './console';
import type {
  CreateFictionalInput,
  FictionalListAnswer,
  FictionalProfileAnswer,
  fictionalPhotoInput,
  PersonaInput,
  UpdateFictionalInput,
} from './fictional';
import type { CampaignAnswer, FacesAnswer, LanderAnswer } from './landers';
import type { AutoLikeAnswer, LikeAnswer, LikesAnswer, SwipeActionAnswer, SwipeAnswer, SwipeInput } from './likes';
import type { TypingAnswer, TypingInput } from './live';
import type { NotificationsAnswer, NotificationsInput, UnsubscribeAnswer, unsubscribeInput } from './notifications';
import type {
  AuditAnswer,
  CreateOperatorAnswer,
  CreateOperatorInput,
  ModerationAnswer,
  OperatorCredentialsAnswer,
  OperatorLoginInput,
  OperatorLogoutAnswer,
  OperatorMeAnswer,
  OperatorPasswordInput,
  OperatorsAnswer,
  OperatorTotpInput,
  PhotoDecisionAnswer,
  PhotoDecisionInput,
  ResetOperatorAnswer,
  ResetOperatorInput,
  SetupInput,
  SetupStartAnswer,
  setupStartInput,
  TotpStartAnswer,
  UpdateOperatorAnswer,
  UpdateOperatorInput,
} from './operator';
import type {
  DirectDebitAnswer,
  DirectDebitConfirmAnswer,
  DirectDebitConfirmInput,
  DirectDebitInput,
  ActiveDiscountAnswer,
  DiscountAnswer,
  IssuersAnswer,
  PackagesAnswer,
  PaymentAnswer,
  RepeatOrderAnswer,
  RepeatOrderInput,
  RepeatOrderStartAnswer,
  StartPaymentAnswer,
  StartPaymentInput,
  TransactionAnswer,
  TransactionsAnswer,
} from './payments';
import type { deletePhotoInput, mainPhotoInput, PhotosAnswer } from './photos';
import type { BlockAnswer, MemberAnswer, ProfileInput, SearchAnswer } from './profiles';
import type { PushSubscriptionAnswer, PushSubscriptionInput, PushUnsubscribeInput } from './push';
import type {
  AppealAnswer,
  AppealFiledAnswer,
  AppealInput,
  ComplaintAnswer,
  ComplaintDecisionAnswer,
  ComplaintDecisionInput,
  ComplaintInput,
  ComplaintQueueAnswer,
  ComplaintsAnswer,
  ReportAnswer,
  ReportDecisionAnswer,
  ReportDecisionInput,
  ReportInput,
  ReportQueueAnswer,
} from './reports';
import type { CompanyInfoAnswer, GeocodeAnswer, InterestsAnswer, RegionsAnswer, Settings } from './site';

type Route<Input, Answer> = { input: Input; answer: Answer };
type Get<Answer> = Route<void, Answer>;

/** The members' API (member sites' hosts). */
export type MemberRoutes = {
  'GET /api/settings.php': Get<Settings>;
  'GET /api/companyinfo.php': Get<CompanyInfoAnswer>;
  'GET /api/user.php': Get<UserAnswer>;
  'POST /api/user.php': Route<LoginInput, UserAnswer>;
  'PUT /api/user.php': Route<z.input<typeof languageInput>, UserAnswer>;
  'POST /api/user.php?push=1': Route<PushSubscriptionInput, PushSubscriptionAnswer>;
  'DELETE /api/user.php?push=1': Route<PushUnsubscribeInput, PushSubscriptionAnswer>;
  'GET /api/logout.php': Get<LogoutAnswer>;
  'POST /api/signup.php': Route<SignupInput, UserAnswer>;
  'PUT /api/signup.php': Route<StepInput, UserAnswer>;
  'POST /api/resend-activation.php': Route<Record<string, never>, ResendActivationAnswer>;
  'POST /api/reactivate.php': Route<z.input<typeof tokenInput>, ReactivateAnswer>;
  'POST /api/reset-password.php': Route<z.input<typeof resetRequestInput>, Ok>;
  'POST /api/reset-password-do.php': Route<z.input<typeof resetInput>, Ok>;
  'POST /api/password.php': Route<z.input<typeof passwordInput>, Ok>;
  'POST /api/mail-change.php': Route<z.input<typeof mailChangeInput>, Ok>;
  'POST /api/mail-change-do.php': Route<z.input<typeof tokenInput>, MailChangeDoAnswer>;
  'POST /api/delete-account.php': Route<DeleteAccountInput, Ok>;
  'GET /api/notifications.php': Get<NotificationsAnswer>;
  'PUT /api/notifications.php': Route<NotificationsInput, NotificationsAnswer>;
  'POST /api/reconfirm.php': Route<Record<string, never>, Ok>;
  'POST /api/unsubscribe.php': Route<z.input<typeof unsubscribeInput>, UnsubscribeAnswer>;
  'GET /api/interests.php': Get<InterestsAnswer>;
  'GET /api/regions.php': Get<RegionsAnswer>;
  'GET /api/geocode.php': Get<GeocodeAnswer>;
  'GET /api/lander.php': Get<LanderAnswer>;
  'GET /api/campaign.php': Get<CampaignAnswer>;
  'GET /api/faces.php': Get<FacesAnswer>;
  'GET /api/members.php': Get<SearchAnswer>;
  'GET /api/member.php': Get<MemberAnswer>;
  'PUT /api/profile.php': Route<ProfileInput, UserAnswer>;
  'GET /api/photos.php': Get<PhotosAnswer>;
  'POST /api/photo.php': Route<FormData, PhotosAnswer>;
  'PUT /api/photo.php': Route<z.input<typeof mainPhotoInput>, PhotosAnswer>;
  'DELETE /api/photo.php': Route<z.input<typeof deletePhotoInput>, PhotosAnswer>;
  'POST /api/like.php': Route<MemberIdBody, LikeAnswer>;
  'DELETE /api/like.php': Route<MemberIdBody, LikeAnswer>;
  'POST /api/block.php': Route<MemberIdBody, BlockAnswer>;
  'DELETE /api/block.php': Route<MemberIdBody, BlockAnswer>;
  'GET /api/likes.php': Get<LikesAnswer>;
  'GET /api/auto-like.php': Get<AutoLikeAnswer>;
  'GET /api/swipe.php': Get<SwipeAnswer>;
  'POST /api/swipe.php': Route<SwipeInput, SwipeActionAnswer>;
  'GET /api/chats.php': Get<ChatsAnswer>;
  'DELETE /api/chat.php': Route<DeleteChatInput, DeleteChatAnswer>;
  'GET /api/messages.php': Get<MessagesAnswer>;
  /** A text or a gift as JSON; a photo as multipart (`to`, `kind: image`, `client_id`, `image`). */
  'POST /api/message.php': Route<SendInput | FormData, SendAnswer>;
  'POST /api/typing.php': Route<TypingInput, TypingAnswer>;
  'GET /api/gifts.php': Get<GiftsAnswer>;
  'POST /api/report.php': Route<ReportInput, ReportAnswer>;
  'GET /api/complaints.php': Get<ComplaintsAnswer>;
  'POST /api/complaint.php': Route<ComplaintInput, ComplaintAnswer>;
  'GET /api/appeal.php': Get<AppealAnswer>;
  'POST /api/appeal.php': Route<AppealInput, AppealFiledAnswer>;
  'GET /api/packages.php': Get<PackagesAnswer>;
  'GET /api/issuers.php': Get<IssuersAnswer>;
  'POST /api/payment.php': Route<StartPaymentInput, StartPaymentAnswer>;
  'GET /api/payment.php': Get<PaymentAnswer>;
  'GET /api/transactions.php': Get<TransactionsAnswer | TransactionAnswer>;
  'GET /api/transactions.php?page': Get<TransactionsAnswer>;
  'GET /api/transactions.php?id': Get<TransactionAnswer>;
  'GET /api/discountcode.php': Get<DiscountAnswer>;
  'GET /api/discountcode.php?welcome': Get<ActiveDiscountAnswer>;
  'POST /api/directdebit.php': Route<DirectDebitInput, DirectDebitAnswer>;
  'POST /api/directdebit-confirm.php': Route<DirectDebitConfirmInput, DirectDebitConfirmAnswer>;
  'GET /api/repeat-order.php': Get<RepeatOrderAnswer>;
  'POST /api/repeat-order.php': Route<RepeatOrderInput, RepeatOrderStartAnswer>;
};

/** The operator console's API (the operator host only). */
export type OperatorRoutes = {
  'GET /api/operator/me.php': Get<OperatorMeAnswer>;
  'POST /api/operator/login.php': Route<OperatorLoginInput, OperatorMeAnswer>;
  'POST /api/operator/logout.php': Route<Record<string, never>, OperatorLogoutAnswer>;
  'POST /api/operator/setup-start.php': Route<z.input<typeof setupStartInput>, SetupStartAnswer>;
  'POST /api/operator/setup.php': Route<SetupInput, OperatorMeAnswer>;
  'POST /api/operator/password.php': Route<OperatorPasswordInput, OperatorCredentialsAnswer>;
  'POST /api/operator/totp-start.php': Route<Record<string, never>, TotpStartAnswer>;
  'POST /api/operator/totp.php': Route<OperatorTotpInput, OperatorCredentialsAnswer>;
  'GET /api/operator/operators.php': Get<OperatorsAnswer>;
  'POST /api/operator/operators.php': Route<CreateOperatorInput, CreateOperatorAnswer>;
  'PUT /api/operator/operators.php': Route<UpdateOperatorInput, UpdateOperatorAnswer>;
  'POST /api/operator/operator-reset.php': Route<ResetOperatorInput, ResetOperatorAnswer>;
  'GET /api/operator/audit.php': Get<AuditAnswer>;
  'GET /api/operator/photos.php': Get<ModerationAnswer>;
  'POST /api/operator/photo.php': Route<PhotoDecisionInput, PhotoDecisionAnswer>;
  'GET /api/operator/reports.php': Get<ReportQueueAnswer>;
  'GET /api/operator/complaints.php': Get<ComplaintQueueAnswer>;
  'POST /api/operator/report-decision.php': Route<ReportDecisionInput, ReportDecisionAnswer>;
  'POST /api/operator/complaint-decision.php': Route<ComplaintDecisionInput, ComplaintDecisionAnswer>;
  'GET /api/operator/fictional.php': Get<FictionalListAnswer>;
  'POST /api/operator/fictional.php': Route<CreateFictionalInput, FictionalProfileAnswer>;
  'PUT /api/operator/fictional.php': Route<UpdateFictionalInput, FictionalProfileAnswer>;
  'GET /api/operator/fictional-profile.php': Get<FictionalProfileAnswer>;
  'PUT /api/operator/persona.php': Route<PersonaInput, FictionalProfileAnswer>;
  /** Multipart: `id` (the profile) and `photo`. */
  'POST /api/operator/fictional-photo.php': Route<FormData, FictionalProfileAnswer>;
  'DELETE /api/operator/fictional-photo.php': Route<z.input<typeof fictionalPhotoInput>, FictionalProfileAnswer>;
  'GET /api/operator/chat-queue.php': Get<ChatQueueAnswer>;
  'POST /api/operator/chat-lock.php': Route<ChatLockInput, ChatLockAnswer>;
  'GET /api/operator/chat.php': Get<ChatConversationAnswer>;
  'POST /api/operator/chat-answer.php': Route<ChatAnswerInput, ChatAnswerAnswer>;
  'POST /api/operator/chat-typing.php': Route<z.input<typeof chatTypingInput>, ChatTypingAnswer>;
  'POST /api/operator/chat-note.php': Route<z.input<typeof chatNoteInput>, ChatNoteAnswer>;
  'GET /api/operator/chat-figures.php': Get<ChatFiguresAnswer>;
};

export type Routes = MemberRoutes & OperatorRoutes;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The paths of one method in a route table (`RoutePath<Routes, 'GET'>`: `'/api/chats.php' | …`). */
export type RoutePath<R, M extends Method> = { [K in keyof R]: K extends `${M} ${infer P}` ? P : never }[keyof R];

/**
 * The route a path written at a call site names: the exact key first (`/api/user.php?push=1`),
 * then the key with the query's first parameter name (`/api/transactions.php?id=4` → `?id`),
 * then the bare path (`/api/chats.php?before=…` → `/api/chats.php`).
 */
export type RouteKey<R, M extends Method, S extends string> = `${M} ${S}` extends keyof R
  ? `${M} ${S}`
  : S extends `${infer P}?${infer Name}=${string}`
    ? `${M} ${P}?${Name}` extends keyof R
      ? `${M} ${P}?${Name}`
      : `${M} ${P}` extends keyof R
        ? `${M} ${P}`
        : never
    : S extends `${infer P}?${string}`
      ? `${M} ${P}` extends keyof R
        ? `${M} ${P}`
        : never
      : never;

/** What a call site may write: a path of the table, bare or with a query string. */
export type CallPath<R, M extends Method> = RoutePath<R, M> | `${RoutePath<R, M>}?${string}`;
export type AnswerOf<R, M extends Method, S extends string> = R[RouteKey<R, M, S> & keyof R] extends { answer: infer A } ? A : never;
export type InputOf<R, M extends Method, S extends string> = R[RouteKey<R, M, S> & keyof R] extends { input: infer I } ? I : never;
