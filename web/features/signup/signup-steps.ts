import type { User } from '../../../worker/contracts/account';

/** Spec section 2: the signup steps, in order; the server keeps the member's place (signup_step). */
export const SIGNUP_STEPS = ['account', 'photo', 'location', 'personal', 'about', 'push', 'confirm'] as const;
export type WizardStep = (typeof SIGNUP_STEPS)[number] | 'done';

/** A visitor starts with the account; a member continues where the server says. */
export const currentStep = (user: User | null): WizardStep => (user ? user.signup_step : 'account');

/** 1-based position for "Stap 2 van 7". */
export const stepNumber = (step: WizardStep) => (step === 'done' ? SIGNUP_STEPS.length : SIGNUP_STEPS.indexOf(step) + 1);

/** A signup is in progress once the account exists and until the last step is saved. */
export const signupInProgress = (user: User | null) => user !== null && user.signup_step !== 'done';
