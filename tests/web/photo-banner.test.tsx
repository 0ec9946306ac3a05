import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberBanners } from '../../web/components/layout/member-banners';
import { showPhotoBanner } from '../../web/components/layout/photo-banner.rules';
import { DISMISSAL_KEYS, dismissedAt, mirrorDismissals } from '../../web/lib/dismissals';
import { member, renderApp } from './account-helpers';

const cookie = (name: string) => new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie)?.[1];
const photo = {
  id: 'a',
  filename: 'a.jpg',
  thumb_filename: 'a.jpg',
  status: 'active' as const,
  match: 'photos/1/a.jpg',
  main: true,
  width: 600,
  height: 800,
};
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

  it.each(['profile', 'signup', 'complete-signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'])(
    'is hidden on %s',
    (route) => {
      expect(showPhotoBanner(member(), route, null)).toBe(false);
    },
  );
});

describe('profile-photo banner', () => {
  it('links to /profile and remembers its dismissal with a timestamp (hide-enrich-alert)', async () => {
    await renderApp(<MemberBanners user={member({ paid_user: true, status: 'active' })} route="index" />);
    const banner = screen.getByRole('region', { name: 'Profielfoto toevoegen' });
    expect(screen.getByRole('link', { name: 'Foto toevoegen' }).getAttribute('href')).toBe('/profile');
    const before = Date.now();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Melding sluiten' })));
    expect(banner.isConnected).toBe(false);
    expect(DISMISSAL_KEYS.enrich).toBe('hide-enrich-alert');
    expect(dismissedAt(DISMISSAL_KEYS.enrich)).toBeGreaterThanOrEqual(before);
    // mirrored in a cookie of the same name: the worker's next /members comes without it
    expect(cookie('hide-enrich-alert')).toBe(String(dismissedAt(DISMISSAL_KEYS.enrich)));
  });

  it("mirrors every dismissal the worker reads into its cookie at the app's start (a dismissal from before the mirror existed too)", () => {
    localStorage.setItem('hide-push-notification-alert', '1700000000001');
    localStorage.setItem('hide-disabled-notifications-alert', '1700000000002');
    localStorage.setItem('hide-time-bonus-modal', '1700000000003');
    mirrorDismissals();
    expect(cookie('hide-push-notification-alert')).toBe('1700000000001');
    expect(cookie('hide-disabled-notifications-alert')).toBe('1700000000002');
    // what only the app reads stays in the browser's storage
    expect(cookie('hide-time-bonus-modal')).toBeUndefined();
  });

  it('stays hidden once dismissed', async () => {
    localStorage.setItem('hide-enrich-alert', '1700000000000');
    await renderApp(<MemberBanners user={member({ paid_user: true, status: 'active' })} route="index" />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
