import type { MouseEvent } from 'react';
import { createStore, useStore } from './store';

/** Whether the signup modal is open; any screen may open it, the layouts render it. */
const open = createStore(false);
export const openSignup = () => open.set(true);
export const closeSignup = () => open.set(false);
export const useSignupModalOpen = () => useStore(open);

/** For a link to /signup: a plain click opens the modal instead (the href stays for new tabs). */
export function signupLinkClick(e: MouseEvent) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  openSignup();
}
