import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { StaticPage } from '../features/pages/static-page';
import { loadMembersCatalogue } from '../lib/members-catalogue';

/** The appeal box: its own small chunk with the members catalogue, loaded only when the page was given an appeal token. */
const BanAppeal = lazy(() =>
  Promise.all([import('../features/complaints/ban-appeal'), loadMembersCatalogue()]).then(([m]) => ({ default: m.BanAppeal })),
);

/**
 * /pages/ban, after a refused login or a closed live connection: the ban text and, with the ban's
 * appeal link (`#appeal=<token>`), the appeal box. A screen of its own (not in the router's
 * entry code): the landing page's JS budget has no room for it.
 */
export function BanPage() {
  const appeal = useLocation().hash.startsWith('#appeal=');
  return (
    <StaticPage page="ban">
      {appeal ? (
        <Suspense fallback={null}>
          <BanAppeal />
        </Suspense>
      ) : null}
    </StaticPage>
  );
}
