import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import nl from '../../locales/nl.json';
import { RouteError } from '../../web/features/errors/error-page';
import { I18nContext } from '../../web/lib/i18n';

const t = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], nl) as string;

function renderAt(routes: Parameters<typeof createMemoryRouter>[0], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <I18nContext.Provider value={{ t, locale: 'nl' }}>
      <RouterProvider router={router} />
    </I18nContext.Provider>,
  );
}

describe('error page (spec section 8)', () => {
  it('shows 404 with "This page could not be found" and a link home', async () => {
    renderAt([{ path: '/', errorElement: <RouteError />, loader: () => { throw new Response('', { status: 404 }); }, element: <p>never</p> }], '/');
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de homepage' }).getAttribute('href')).toBe('/');
  });

  it('defaults to 500 and "Error" for an unexpected error, without leaking it', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      renderAt([{ path: '/', errorElement: <RouteError />, loader: () => { throw new Error('db password is hunter2'); }, element: <p>never</p> }], '/');
      expect(await screen.findByText('Error')).toBeTruthy();
      expect(screen.getByText('500')).toBeTruthy();
      expect(screen.queryByText(/hunter2/)).toBeNull();
    } finally {
      console.error = quiet;
    }
  });

  it('falls back when showing the error page fails too', async () => {
    const quiet = console.error;
    console.error = () => {};
    const brokenT = (key: string) => {
      if (key === 'errors.default') throw new Error('broken catalogue');
      return t(key);
    };
    try {
      const router = createMemoryRouter(
        [{ path: '/', errorElement: <RouteError />, loader: () => { throw new Error('boom'); }, element: <p>never</p> }],
        { initialEntries: ['/'] },
      );
      render(
        <I18nContext.Provider value={{ t: brokenT, locale: 'nl' }}>
          <RouterProvider router={router} />
        </I18nContext.Provider>,
      );
      expect(await screen.findByText('An error occurred while showing the error page')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Terug naar de homepage' })).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});
