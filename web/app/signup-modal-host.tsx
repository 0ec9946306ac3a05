import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { withChunkReload } from '../lib/chunk-reload';
import { loadAccountCatalogue } from '../lib/i18n';
import { closeSignup, useSignupModalOpen } from '../lib/signup-modal';

const SignupModal = lazy(
  withChunkReload(() => Promise.all([import('./signup-screens'), loadAccountCatalogue()]).then(([m]) => ({ default: m.SignupModal }))),
);

/** The layouts' signup modal: its code and texts load on first open. Navigating away closes it. */
export function SignupModalHost() {
  const open = useSignupModalOpen();
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) closeSignup();
    shownOn.current = pathname;
  }, [pathname]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}
