import { Component, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { button } from './button.css';
import * as s from './error-page.css';

/**
 * Spec section 8: message (default 'Error') and status (default 500); a 404 says 'This page
 * could not be found' with a link home. Plain <a href="/"> so it works even if the router broke.
 */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  const t = useT();
  const text = status === 404 ? t('errors.not_found') : message || t('errors.default');
  return (
    <div className={s.wrap} role="alert">
      <p className={s.status}>{status}</p>
      <h1 className={s.message}>{text}</h1>
      <a className={button.primary} href="/">
        {t('errors.back_home')}
      </a>
    </div>
  );
}

/** A second error while showing the error page: a last, nearly dependency-free fallback. */
function SecondError() {
  const t = useT();
  return (
    <div className={s.wrap} role="alert">
      <h1 className={s.message}>{t('errors.error_page_failed')}</h1>
      <a href="/">{t('errors.back_home')}</a>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode; fallback: ReactNode; onError?: (e: unknown) => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Catches what a screen throws and shows the 500 error page (the error itself is logged, never
 * shown). Give it key={pathname} so that navigating elsewhere starts over.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return (
    <Boundary
      onError={(e) => console.error(e)}
      fallback={
        <Boundary fallback={<SecondError />}>
          <ErrorPage status={500} />
        </Boundary>
      }
    >
      {children}
    </Boundary>
  );
}
