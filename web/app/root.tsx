import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ProgressBar } from '../components/ui/progress-bar';

export function Root() {
  return (
    <>
      <ProgressBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
