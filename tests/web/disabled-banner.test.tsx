import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberBanners } from '../../web/components/layout/member-banners';
import { showDisabledBanner } from '../../web/components/layout/disabled-banner.rules';
import { DISMISSAL_KEYS, dismissedAt } from '../../web/lib/dismissals';
import { member, renderApp } from './account-helpers';

const bounced = () => member({ notifications_disabled: ['bounce'] });

describe('disabled-notifications alert rule (spec section 2)', () => {
  it('shows while mail is switched off, until dismissed; never for visitors or with mail on', () => {
    expect(showDisabledBanner(bounced(), 'members', null)).toBe(true);
    expect(showDisabledBanner(bounced(), undefined, null)).toBe(true);
    expect(showDisabledBanner(member(), 'members', null)).toBe(false);
    expect(showDisabledBanner(null, 'members', null)).toBe(false);
    expect(showDisabledBanner(bounced(), 'members', 1_700_000_000_000)).toBe(false);
  });

  it.each(['notifications', 'settings'])('is hidden on %s', (route) => {
    expect(showDisabledBanner(bounced(), route, null)).toBe(false);
  });
});

describe('disabled-notifications alert', () => {
  it('leads to /notifications and remembers its dismissal with a timestamp (hide-disabled-notifications-alert)', async () => {
    // a premium member: no welcome bonus to ask for
    await renderApp(<MemberBanners user={{ ...bounced(), paid_user: true }} route="members" />);
    const banner = screen.getByRole('region', { name: 'E-mails staan uit' });
    expect(screen.getByRole('link', { name: 'Oplossen' }).getAttribute('href')).toBe('/notifications');
    const before = Date.now();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Melding sluiten' })));
    expect(banner.isConnected).toBe(false);
    expect(DISMISSAL_KEYS.disabledNotifications).toBe('hide-disabled-notifications-alert');
    expect(dismissedAt(DISMISSAL_KEYS.disabledNotifications)).toBeGreaterThanOrEqual(before);
  });
});
