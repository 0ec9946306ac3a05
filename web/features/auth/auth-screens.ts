// The auth screens are small and often visited in a row: one lazy chunk for all of them.
export { AccountDeletedPage } from './account-deleted-page';
export { ActivatePage } from './activate-page';
export { LoginPage } from './login-page';
export { MailChangeDoPage } from './mail-change-do-page';
export { ReactivatePage } from './reactivate-page';
export { ResetPasswordDoPage } from './reset-password-do-page';
export { ResetPasswordPage } from './reset-password-page';
