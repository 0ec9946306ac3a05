/** The signup page and the signup modal share one chunk (the wizard); the wizard reads server data (regions), so both get the query client. */
import { SignupModal as Modal } from '../features/signup/signup-modal';
import { SignupPage as Page } from '../features/signup/signup-page';
import { withQueries } from '../lib/query-client';

export const SignupPage = withQueries(Page);
export const SignupModal = withQueries(Modal);
