import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignupModalHost } from '../../web/app/signup-modal-host';
import { SignupWizard } from '../../web/features/signup/signup-wizard';
import { closeSignup, openSignup } from '../../web/lib/signup-modal';
import { captureTracking } from '../../web/lib/tracking';
import { sessionStore, setUser } from '../../web/lib/user';
import { fakeApi, member, renderApp } from './account-helpers';

afterEach(() => {
  cleanup(); // before the logout below: the emptied cache would send a last request for the screen
  vi.unstubAllGlobals();
  act(() => {
    closeSignup();
    setUser(null);
  });
});

const field = (name: string) => screen.getByLabelText(name);
const change = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

function fillAccount(date = ['1', '5', '1990']) {
  change('E-mailadres', 'jan@example.nl');
  change('Wachtwoord', 'geheim123');
  change('Profielnaam', 'Jan');
  change('Dag', date[0]!);
  change('Maand', date[1]!);
  change('Jaar', date[2]!);
  fireEvent.click(screen.getByLabelText('Man'));
}

describe('signup wizard (spec sections 2 and 4)', () => {
  it('checks the account step locally: minimum age, next to the field', async () => {
    const calls = fakeApi({});
    await renderApp(<SignupWizard level={2} onDone={() => {}} />);
    expect(screen.getByText('Stap 1 van 7')).toBeTruthy();
    // the youngest year offered, with a birthday at the end of the year: 17 until 31 December
    fillAccount(['31', '12', String(new Date().getFullYear() - 18)]);
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    const error = await screen.findByText('Je moet minimaal 18 jaar oud zijn.');
    expect(field('Jaar').getAttribute('aria-describedby')).toBe(error.id);
    expect(calls).toHaveLength(0);
  });

  it('an error under a field goes once the field is valid; the others stay; the hint gives way to the error', async () => {
    fakeApi({});
    await renderApp(<SignupWizard level={2} onDone={() => {}} />);
    expect(screen.getByText('Minimaal 8 tekens.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findAllByText('Dit veld is verplicht.')).toHaveLength(3); // e-mail, name, gender
    expect(screen.getByText('Ongeldige geboortedatum')).toBeTruthy();
    // the password's error in the hint's place, not both
    expect(screen.getByText('Je wachtwoord moet minimaal 8 tekens lang zijn.')).toBeTruthy();
    expect(screen.queryByText('Minimaal 8 tekens.')).toBeNull();
    change('E-mailadres', 'jan@example.nl');
    expect(field('E-mailadres').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(2);
    // a half-filled date keeps its error; a whole valid one ends it
    change('Dag', '1');
    expect(screen.getByText('Ongeldige geboortedatum')).toBeTruthy();
    change('Maand', '5');
    change('Jaar', '1990');
    expect(screen.queryByText('Ongeldige geboortedatum')).toBeNull();
    change('Wachtwoord', 'kort');
    expect(screen.getByText('Je wachtwoord moet minimaal 8 tekens lang zijn.')).toBeTruthy();
    change('Wachtwoord', 'geheim123');
    expect(screen.queryByText('Je wachtwoord moet minimaal 8 tekens lang zijn.')).toBeNull();
    expect(screen.getByText('Minimaal 8 tekens.')).toBeTruthy();
    // an untouched field keeps its error
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(2);
  });

  it('shows server issues beside their field, then walks the steps the server names', async () => {
    sessionStorage.clear();
    captureTracking('?network=adnet&sub1=x');
    let attempts = 0;
    const calls = fakeApi({
      'POST /api/signup.php': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                error: 'invalid_request',
                message: 'Ongeldige aanvraag.',
                issues: [{ path: 'email', message: 'Dit e-mailadres heeft al een account op deze site.' }],
              },
            }
          : { status: 201, body: { user: member() } },
      'PUT /api/signup.php': ({ body }) => {
        const next = {
          photo: 'location',
          location: 'personal',
          personal: 'about',
          about: 'push',
          push: 'confirm',
          confirm: 'done',
        } as const;
        return { status: 200, body: { user: member({ signup_step: next[(body as { step: keyof typeof next }).step] }) } };
      },
      'GET /api/regions.php': { status: 200, body: { regions: { NL: [{ code: 'NL-NH', name: 'Noord-Holland' }] } } },
    });
    const onDone = vi.fn();
    await renderApp(<SignupWizard level={2} onDone={onDone} />);

    fillAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    const taken = await screen.findByText('Dit e-mailadres heeft al een account op deze site.');
    expect(field('E-mailadres').getAttribute('aria-describedby')).toContain(taken.id);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Stap 2 van 7')).toBeTruthy();
    expect(calls[1]!.body).toMatchObject({
      email: 'jan@example.nl',
      gender: 'male',
      date_of_birth: '1990-05-01',
      tracking: { network: 'adnet', sub1: 'x' },
    });
    expect(sessionStorage.getItem('tracking')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Overslaan' }));
    expect(await screen.findByText('Stap 3 van 7')).toBeTruthy();
    await screen.findByRole('option', { name: 'Noord-Holland' });
    expect(field('Land')).toHaveProperty('value', 'NL');
    change('Provincie of regio', 'NL-NH');
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Stap 4 van 7')).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({ step: 'location', country: 'NL', region: 'NL-NH' });

    // the orientations of a man: "Homo", never "Lesbisch"; its "required" goes with a choice
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Hetero', 'Homo', 'Biseksueel']);
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Dit veld is verplicht.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Hetero'));
    expect(screen.queryByText('Dit veld is verplicht.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Stap 5 van 7')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Overslaan' }));
    expect(await screen.findByText('Stap 6 van 7')).toBeTruthy();

    // happy-dom has no Notification API: the answer stored is 'default'
    fireEvent.click(screen.getByRole('button', { name: 'Meldingen aanzetten' }));
    expect(await screen.findByText('Stap 7 van 7')).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({ step: 'push', push_permission: 'default' });
    expect(screen.getByText(/jan@example\.nl/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Klaar' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.at(-1)!.body).toEqual({ step: 'confirm' });
  });

  it('the modal closes by Esc before the account exists, but not while a signup is in progress', async () => {
    fakeApi({});
    await renderApp(<SignupModalHost />);
    act(() => openSignup());
    const dialog = await screen.findByRole('dialog', { name: 'Gratis aanmelden' });
    expect(within(dialog).getByRole('button', { name: 'Sluiten' })).toBeTruthy();
    // the modal takes the keys once its focus trap runs (focus inside it): on a busy machine a key pressed before that found no listener
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => {
      setUser(member({ signup_step: 'location' }));
      openSignup();
    });
    await screen.findByText('Stap 3 van 7');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sluiten' })).toBeNull();
    expect(sessionStore.get().status).toBe('in');
  });
});
