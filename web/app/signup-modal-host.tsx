import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { withChunkReload } from '../lib/chunk-reload';
import { loadAccountCatalogue } from '../lib/i18n';
import { closeSignup, useSignupModalOpen } from '../lib/signup-modal';

const SignupModal = lazy(
  withChunkReload(() =>
    Promise.all([import('../features/signup/signup-modal'), loadAccountCatalogue()]).then(([m]) => ({ default: m.SignupModal })),
  ),
);

/** The layouts' signup modal: its code and texts load on first open. Navigating away closes it. */
export function SignupModalHost() {
  const open = useSignupModalOpen();
  const { pathname } = useLocation();
  useEffect(() => closeSignup(), [pathname]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}
