import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '../../web/features/profiles/profile-page';
import { sessionStore, setUser } from '../../web/lib/user';
import { boot, fakeApi, member, renderApp } from './account-helpers';

const me = () =>
  member({
    status: 'active',
    profile: {
      ...member().profile,
      status: 'active',
      country: 'NL',
      region: 'NL-NH',
      city: 'Amsterdam',
      sexuality: 'hetero',
      interests: ['beach'],
    },
  });
const photo = (id: string, over = {}) => ({
  id,
  filename: `photos/1/${id}.webp`,
  thumb_filename: `photos/1/${id}-t.webp`,
  status: 'active',
  match: `photos/1/${id}.webp`,
  main: false,
  width: 600,
  height: 800,
  ...over,
});
const api = (over: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/photos.php': {
      status: 200,
      body: { photos: [photo('a', { main: true }), photo('b', { status: 'pending' })], limit: 3, removed: [], user: me() },
    },
    'GET /api/regions.php': { status: 200, body: { regions: { NL: [{ code: 'NL-NH', name: 'Noord-Holland' }] } } },
    'GET /api/interests.php': {
      status: 200,
      body: {
        interests: [
          { id: 'beach', label: 'Strand' },
          { id: 'wine', label: 'Wijn' },
        ],
      },
    },
    // the moderators' decisions (a notice while a measure is in force)
    'GET /api/complaints.php': { status: 200, body: { decisions: [], complaints: [] } },
    ...over,
  });

afterEach(() => {
  cleanup(); // before the logout below: RequireLogin would redirect
  vi.unstubAllGlobals();
  act(() => setUser(null));
});

async function open() {
  act(() => setUser(me()));
  await renderApp(<ProfilePage />, '/profile');
  await screen.findByRole('option', { name: 'Noord-Holland' });
  await screen.findByRole('button', { name: 'Wijn' });
}

describe('/profile form (worker/contracts/profiles.ts ProfileInput)', () => {
  it('shows the server issues beside their fields, list items under their list', async () => {
    const calls = api({
      'PUT /api/profile.php': {
        status: 400,
        body: {
          error: 'invalid_request',
          message: 'Ongeldige aanvraag.',
          issues: [
            { path: 'about_me', message: 'Maximaal 2000 tekens.' },
            { path: 'interests.1', message: 'Onbekende interesse.' },
          ],
        },
      },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Wijn' }));
    fireEvent.change(screen.getByLabelText('Over mij'), { target: { value: 'Hallo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profiel opslaan' }));

    const about = await screen.findByText('Maximaal 2000 tekens.');
    expect(screen.getByLabelText('Over mij').getAttribute('aria-describedby')).toContain(about.id);
    const interests = screen.getByText('Onbekende interesse.');
    expect(screen.getByRole('group', { name: 'Interesses' }).getAttribute('aria-describedby')).toContain(interests.id);
    expect(screen.queryByRole('alert')).toBeNull();

    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      gender: 'male',
      date_of_birth: '1990-05-01',
      country: 'NL',
      region: 'NL-NH',
      city: 'Amsterdam',
      interests: ['beach', 'wine'],
      about_me: 'Hallo',
      sexuality: 'hetero',
      hair_colour: null,
      tattoos: null,
    });
  });

  it('lists the countries by the names and in the order the settings give (the worker sorted them), without building the browser’s Intl names or collators', async () => {
    const names = vi.spyOn(Intl, 'DisplayNames');
    const collators = vi.spyOn(Intl, 'Collator');
    // names only the settings could give, in the settings' order (the worker's collation put É before O)
    const countries = boot.settings.countries;
    boot.settings.countries = [
      { code: 'BE', locales: ['nl', 'fr', 'de'], name: 'Élysée' },
      { code: 'NL', locales: ['nl'], name: 'Oranjeland' },
    ];
    try {
      api();
      await open();
      const country = screen.getByRole('combobox', { name: /^Land/ });
      expect(
        within(country)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Élysée', 'Oranjeland']);
      expect(names).not.toHaveBeenCalled();
      expect(collators).not.toHaveBeenCalled();
    } finally {
      boot.settings.countries = countries;
    }
  });

  it('checks the date of birth locally and saves a valid form', async () => {
    const saved = me();
    saved.profile.hair_colour = 'brown';
    const calls = api({ 'PUT /api/profile.php': { status: 200, body: { user: saved } } });
    await open();
    fireEvent.change(screen.getByLabelText('Jaar'), { target: { value: String(new Date().getFullYear() - 18) } });
    fireEvent.change(screen.getByLabelText('Maand'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Dag'), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    const young = await screen.findByText('Je moet minimaal 18 jaar oud zijn.');
    expect(screen.getByLabelText('Jaar').getAttribute('aria-describedby')).toBe(young.id);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Jaar'), { target: { value: '1990' } });
    fireEvent.change(screen.getByLabelText('Haarkleur'), { target: { value: 'brown' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    expect(await screen.findByText('Je profiel is opgeslagen.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ date_of_birth: '1990-12-31', hair_colour: 'brown' });
    expect(sessionStore.get().user?.profile.hair_colour).toBe('brown');
  });

  it('marks pending photos and the main one, and stops uploads at the limit', async () => {
    api({
      'DELETE /api/photo.php': {
        status: 200,
        body: { photos: [photo('a', { main: true }), photo('b'), photo('c')], limit: 3, removed: [], user: me() },
      },
    });
    await open();
    const photos = screen.getByRole('region', { name: "Mijn foto's" });
    expect(within(photos).getByText('Hoofdfoto')).toBeTruthy();
    expect(within(photos).getByText('Wordt gecontroleerd')).toBeTruthy();
    expect(within(photos).getByRole('button', { name: 'Foto toevoegen' })).toHaveProperty('disabled', false);
    expect(within(photos).getByRole('img', { name: 'Jouw foto 1' }).getAttribute('src')).toBe('https://cdn.example/photos/1/a-t.webp'); // the thumbnail;

    fireEvent.click(within(photos).getAllByRole('button', { name: 'Verwijderen' })[1]!);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await within(photos).findByText("Je kunt maximaal 3 foto's uploaden.")).toBeTruthy();
    expect(within(photos).getByRole('button', { name: 'Foto toevoegen' })).toHaveProperty('disabled', true);
  });

  it('shows the statement of reasons of a photo a moderator removed, with the way to appeal', async () => {
    api({
      'GET /api/photos.php': {
        status: 200,
        body: {
          photos: [photo('a', { main: true })],
          limit: 3,
          removed: [{ id: 'x', reason: 'contact_details', note: 'Telefoonnummer in beeld', removed_at: '2026-11-20T10:00:00.000Z' }],
          user: me(),
        },
      },
    });
    await open();
    const removed = await screen.findByRole('region', { name: "Verwijderde foto's" });
    expect(within(removed).getByText(/Reden: de foto bevat contactgegevens\./)).toBeTruthy();
    expect(within(removed).getByText('Toelichting: Telefoonnummer in beeld')).toBeTruthy();
    expect(within(removed).getByRole('link', { name: 'Bezwaar maken' }).getAttribute('href')).toBe('/complaints');
  });
});
