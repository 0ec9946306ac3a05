import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import nl from '../../locales/nl.json';
import { routeName } from '../../web/app/routes';
import { ErrorPage, RouteBoundary } from '../../web/components/ui/error-page';
import { I18nContext, type T } from '../../web/lib/i18n';

const t: T = (key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], nl) as string;
const withT = (ui: React.ReactNode, translate: T = t) =>
  render(<I18nContext.Provider value={{ t: translate, locale: 'nl' }}>{ui}</I18nContext.Provider>);

function Broken(): React.ReactNode {
  throw new Error('db password is hunter2');
}

/** Runs `fn` with console.error silenced (React and the boundary log the thrown error on purpose). */
function quietly(fn: () => void) {
  const original = console.error;
  console.error = () => {};
  try {
    fn();
  } finally {
    console.error = original;
  }
}

describe('error page (spec section 8)', () => {
  it('shows 404 with "Deze pagina kon niet worden gevonden" and a link home', () => {
    withT(<ErrorPage status={404} />);
    expect(screen.getByText('Deze pagina kon niet worden gevonden')).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de homepage' }).getAttribute('href')).toBe('/');
  });

  it('defaults to 500 and "Fout" when a screen throws, without leaking the error', () => {
    quietly(() =>
      withT(
        <RouteBoundary>
          <Broken />
        </RouteBoundary>,
      ),
    );
    expect(screen.getByText('Fout')).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.queryByText(/hunter2/)).toBeNull();
  });

  it('falls back when showing the error page fails too', () => {
    const brokenT: T = (key, params) => {
      if (key === 'errors.default') throw new Error('broken catalogue');
      return t(key, params);
    };
    quietly(() =>
      withT(
        <RouteBoundary>
          <Broken />
        </RouteBoundary>,
        brokenT,
      ),
    );
    expect(screen.getByText('Er ging iets mis bij het tonen van de foutpagina')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de homepage' })).toBeTruthy();
  });
});

describe('route names', () => {
  it('names the routes the entry warning rules need', () => {
    expect(routeName('/')).toBe('index');
    expect(routeName('/reset-password')).toBe('reset-password');
    expect(routeName('/reset-password/do')).toBe('reset-password-do');
    expect(routeName('/complete-signup')).toBe('complete-signup');
    expect(routeName('/landers/video/summer')).toBe('landers');
    expect(routeName('/nothing/here')).toBeUndefined();
  });
});
