import type { User } from '../../lib/user';

/** Spec section 2: the signup steps, in order; the server keeps the member's place (signup_step). */
export const SIGNUP_STEPS = ['account', 'photo', 'location', 'personal', 'about', 'push', 'confirm'] as const;
export type WizardStep = (typeof SIGNUP_STEPS)[number] | 'done';

/** A visitor starts with the account; a member continues where the server says. */
export const currentStep = (user: User | null): WizardStep => (user ? user.signup_step : 'account');

/** 1-based position for "Stap 2 van 7". */
export const stepNumber = (step: WizardStep) => (step === 'done' ? SIGNUP_STEPS.length : SIGNUP_STEPS.indexOf(step) + 1);

/** A signup is in progress once the account exists and until the last step is saved. */
export const signupInProgress = (user: User | null) => user !== null && user.signup_step !== 'done';

/** Age in whole years on `today` of someone born on `birth` (YYYY-MM-DD). */
export function ageOn(birth: string, today = new Date()): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}

/** YYYY-MM-DD of a day, month and year, or null when that date does not exist. */
export function isoDate(day: string, month: string, year: string): string | null {
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (!d || !m || !y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d || date.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
