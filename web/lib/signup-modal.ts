import type { MouseEvent } from 'react';
import { createStore, useStore } from './store';

/** Whether the signup modal is open; any screen may open it, the layouts render it. */
const open = createStore(false);
/** Where a finished signup leads when it was started for one (a campaign page: that profile's chat). */
const NEXT = 'signup-next';

/** Opens the modal; `next` (an app path) is where the finished signup goes, kept for the tab's session. */
export function openSignup(next?: string) {
  if (next && next.startsWith('/')) {
    try {
      sessionStorage.setItem(NEXT, next);
    } catch {
      /* storage blocked: the signup ends on the suggested members */
    }
  }
  open.set(true);
}
export const closeSignup = () => open.set(false);
export const useSignupModalOpen = () => useStore(open);

/** The path a finished signup leads to (the suggested members of /signup-matches unless a page asked for another), forgotten once read. */
export function takeSignupNext(): string {
  try {
    const next = sessionStorage.getItem(NEXT);
    sessionStorage.removeItem(NEXT);
    return next && next.startsWith('/') && !next.startsWith('//') ? next : '/signup-matches';
  } catch {
    return '/signup-matches';
  }
}

/** For a link to /signup: a plain click opens the modal instead (the href stays for new tabs). */
export function signupLinkClick(e: MouseEvent) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  openSignup();
}
