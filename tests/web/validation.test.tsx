import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { LoginPage } from '../../web/features/auth/login-page';
import { ResetPasswordPage } from '../../web/features/auth/reset-password-page';
import { EmailForm } from '../../web/features/settings/email-form';
import { setUser } from '../../web/lib/user';
import { mailChangeInput, resetRequestInput } from '../../worker/contracts/account';
import { translator } from '../../worker/lib/i18n';
import { localize } from '../../worker/lib/validate';
import type { Locale } from '../../tenants/schema';
import { fakeApi, member, renderApp, type Call } from './account-helpers';

/** The worker's own 400 for a body: the real contract, its error map and the catalogue of the site's language. */
const workerAnswer = (schema: ZodType, locale: Locale) => (call: Call) => {
  const result = schema.safeParse(call.body);
  if (result.success) throw new Error(`expected ${JSON.stringify(call.body)} to fail`);
  const t = translator(locale);
  return {
    status: 400,
    body: { error: 'invalid_request', message: t('errors.invalid_request'), issues: localize(t, result.error.issues) },
  };
};

/** The field's error text, found through the field's aria-describedby. */
const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' ');
};

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setUser(null));
});

describe('validation messages in forms come from the catalogues', () => {
  it.each([
    ['nl', 'E-mailadres', 'Stuur link', 'Gebruik maximaal 254 tekens.'],
    ['en', 'E-mail address', 'Send link', 'Use at most 254 characters.'],
  ] as const)('the worker\u2019s zod failure shows beside its field (%s)', async (locale, label, submit, text) => {
    const calls = fakeApi({ 'POST /api/reset-password.php': workerAnswer(resetRequestInput, locale) });
    await renderApp(<ResetPasswordPage />, '/reset-password', locale);
    fireEvent.change(screen.getByLabelText(label), { target: { value: `${'x'.repeat(250)}@example.org` } });
    fireEvent.click(screen.getByRole('button', { name: submit }));
    await screen.findByText(text);
    expect(errorOf(label)).toBe(text);
    expect(calls).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Invalid input|expected|received/);
  });

  it('a wrong type and a missing field from the worker read as the catalogue says', async () => {
    fakeApi({ 'POST /api/mail-change.php': (call) => workerAnswer(mailChangeInput, 'nl')({ ...call, body: { email: 5 } }) });
    act(() => setUser(member({ status: 'active' })));
    await renderApp(<EmailForm current="jan@example.nl" />, '/settings');
    fireEvent.change(screen.getByLabelText('Nieuw e-mailadres'), { target: { value: 'nieuw@example.nl' } });
    fireEvent.change(screen.getByLabelText('Je huidige wachtwoord'), { target: { value: 'geheim123' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mailadres wijzigen' }));
    await screen.findByText('Vul hier tekst in.');
    expect(errorOf('Nieuw e-mailadres')).toBe('Vul hier tekst in.');
    expect(errorOf('Je huidige wachtwoord')).toBe('Dit veld is verplicht.');
  });

  it('empty required fields are checked with the catalogue\u2019s text, never the browser\u2019s bubble', async () => {
    const calls = fakeApi({});
    await renderApp(<LoginPage />, '/login');
    const form = screen.getByRole('button', { name: 'Inloggen' }).closest('form')!;
    expect(form.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await screen.findAllByText('Dit veld is verplicht.');
    expect(errorOf('E-mailadres')).toBe('Dit veld is verplicht.');
    expect(errorOf('Wachtwoord')).toBe('Dit veld is verplicht.');
    expect(calls).toHaveLength(0);
  });
});
