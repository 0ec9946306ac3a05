import { describe, expect, it } from 'vitest';
import { shouldShowEntryWarning } from '../../web/features/entry-warning/entry-warning.rules';

const base = { enabled: 'yes' as const, country: 'US', layout: 'default' as const, routeName: 'index', dismissedAt: null };

describe('site-entry warning rules (spec section 2)', () => {
  it('shows on entry in the default layout for any country', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
    expect(shouldShowEntryWarning({ ...base, country: null })).toBe(true);
  });
  it('is skipped once dismissed', () => {
    expect(shouldShowEntryWarning({ ...base, dismissedAt: Date.now() })).toBe(false);
  });
  it('is disabled by enable_site_entry_popup = no', () => {
    expect(shouldShowEntryWarning({ ...base, enabled: 'no', country: 'NL' })).toBe(false);
  });
  it.each(['complete-signup', 'reset-password', 'reset-password-do'])('never shows on %s', (routeName) => {
    expect(shouldShowEntryWarning({ ...base, routeName })).toBe(false);
  });
  it.each(['chat', 'lander', 'empty'] as const)('in the %s layout shows only for NL and DE', (layout) => {
    expect(shouldShowEntryWarning({ ...base, layout, country: 'NL' })).toBe(true);
    expect(shouldShowEntryWarning({ ...base, layout, country: 'DE' })).toBe(true);
    expect(shouldShowEntryWarning({ ...base, layout, country: 'BE' })).toBe(false);
    expect(shouldShowEntryWarning({ ...base, layout, country: null })).toBe(false);
  });
});
