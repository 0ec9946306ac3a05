import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoBanner } from '../../web/components/layout/photo-banner';
import { showPhotoBanner } from '../../web/components/layout/photo-banner.rules';
import { DISMISSAL_KEYS, dismissedAt } from '../../web/lib/dismissals';
import { member, renderApp } from './account-helpers';

const photo = { id: 'a', filename: 'a.jpg', thumb_filename: 'a.jpg', status: 'active' as const, match: 'photos/1/a.jpg', main: true, width: 600, height: 800 };
const withPhoto = () => member({ profile: { ...member().profile, main_image: photo } });

describe('profile-photo banner rule (spec section 2)', () => {
  it('shows for a logged-in member without a main image who has not dismissed it', () => {
    expect(showPhotoBanner(member(), 'index', null)).toBe(true);
    expect(showPhotoBanner(member(), 'members', null)).toBe(true);
    expect(showPhotoBanner(member(), undefined, null)).toBe(true);
  });

  it('is hidden for visitors, members with a main image and after a dismissal', () => {
    expect(showPhotoBanner(null, 'index', null)).toBe(false);
    expect(showPhotoBanner(withPhoto(), 'index', null)).toBe(false);
    expect(showPhotoBanner(member(), 'index', 1_700_000_000_000)).toBe(false);
  });

  it.each(['profile', 'signup', 'complete-signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'])('is hidden on %s', (route) => {
    expect(showPhotoBanner(member(), route, null)).toBe(false);
  });
});

describe('profile-photo banner', () => {
  it('links to /profile and remembers its dismissal with a timestamp (hide-enrich-alert)', async () => {
    await renderApp(<PhotoBanner user={member()} route="index" />);
    const banner = screen.getByRole('region', { name: 'Profielfoto toevoegen' });
    expect(screen.getByRole('link', { name: 'Foto toevoegen' }).getAttribute('href')).toBe('/profile');
    const before = Date.now();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Melding sluiten' })));
    expect(banner.isConnected).toBe(false);
    expect(DISMISSAL_KEYS.enrich).toBe('hide-enrich-alert');
    expect(dismissedAt(DISMISSAL_KEYS.enrich)).toBeGreaterThanOrEqual(before);
  });

  it('stays hidden once dismissed', async () => {
    localStorage.setItem('hide-enrich-alert', '1700000000000');
    await renderApp(<PhotoBanner user={member()} route="index" />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
