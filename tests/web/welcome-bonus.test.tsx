import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberBanners } from '../../web/components/layout/member-banners';
import { CheckoutPage } from '../../web/features/payments/checkout-page';
import { enteredCode } from '../../web/features/payments/discount';
import { countdown, liveDiscount, secondsLeft, showTimeBonusModal } from '../../web/lib/time-bonus';
import { queryClient } from '../../web/lib/query-client';
import { setUser } from '../../web/lib/user';
import type { DiscountCode, PackagesAnswer, StartPaymentInput } from '../../worker/contracts/payments';
import { fakeApi, member, renderApp } from './account-helpers';

const NOW = new Date('2026-03-01T12:00:00Z');
const bonus = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  code: 'TIMEBONUS25',
  country: null,
  user_id: 1,
  expires: '2026-03-01T15:59:07Z',
  value_percentage: 25,
  percentage: 25,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 14_347,
  expired: false,
  paymentmethods: null,
  kind: 'time_bonus',
  ...over,
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  enteredCode.set(null);
  act(() => setUser(null));
});

describe('time bonus rules', () => {
  it('counts down in hh:mm:ss, clears at zero and for premium members', () => {
    expect(countdown(14_347)).toBe('03:59:07');
    expect(countdown(59)).toBe('00:00:59');
    expect(countdown(-5)).toBe('00:00:00');
    expect(secondsLeft(bonus(), NOW.getTime())).toBe(14_347);
    expect(secondsLeft(bonus({ expires: null }), NOW.getTime())).toBeNull();
    expect(liveDiscount(bonus(), false, NOW.getTime())).not.toBeNull();
    expect(liveDiscount(bonus(), true, NOW.getTime())).toBeNull();
    expect(liveDiscount(bonus({ expires: '2026-03-01T11:59:59Z' }), false, NOW.getTime())).toBeNull();
    expect(liveDiscount(bonus({ status: 'used' }), false, NOW.getTime())).toBeNull();
  });

  it('the modal: only the time bonus, with 0 credits, in the members area, not dismissed', () => {
    const base = { discount: bonus(), credits: 0, route: 'members', dismissed: false };
    expect(showTimeBonusModal(base)).toBe(true);
    expect(showTimeBonusModal({ ...base, credits: 5 })).toBe(false);
    expect(showTimeBonusModal({ ...base, route: 'profile' })).toBe(false);
    expect(showTimeBonusModal({ ...base, dismissed: true })).toBe(false);
    expect(showTimeBonusModal({ ...base, discount: bonus({ kind: 'welcome', code: 'WELKOM25' }) })).toBe(false);
  });
});

describe('welcome bonus banner and time-bonus modal', () => {
  it('the banner counts down every second and leads to the credits; the modal opens after 40 s in the members area, dismissal remembered', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: false });
    fakeApi({ 'GET /api/discountcode.php': { status: 200, body: { discountcode: bonus() } } });
    const user = member({ status: 'active', credits: 0 });
    act(() => setUser(user));
    await renderApp(<MemberBanners user={user} route="members" />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('03:59:07');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('timer').textContent).toBe('03:59:05');
    expect(screen.getByRole('link', { name: 'Credits kopen' }).getAttribute('href')).toBe('/credits');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(38_000));
    const dialog = screen.getByRole('dialog', { name: '25% welkomstbonus' });
    expect(dialog.textContent).toContain('Alleen de komende 4 uur');
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('hide-time-bonus-modal')).not.toBeNull();
  });

  it('the modal reads right for the last hour: the language\'s singular form, not "1 uur"', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: false });
    fakeApi({
      'GET /api/discountcode.php': { status: 200, body: { discountcode: bonus({ expires: '2026-03-01T12:40:00Z', validity: 2_400 }) } },
    });
    const user = member({ status: 'active', credits: 0 });
    act(() => setUser(user));
    await renderApp(<MemberBanners user={user} route="members" />);
    await act(() => vi.advanceTimersByTimeAsync(40_010));
    const dialog = screen.getByRole('dialog', { name: '25% welkomstbonus' });
    expect(dialog.textContent).toContain('Alleen het komende uur: 25% korting');
  });

  it('no modal with credits, outside the members area, or when the wait is cut short by leaving; the welcome code without a clock', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: false });
    fakeApi({ 'GET /api/discountcode.php': { status: 200, body: { discountcode: bonus() } } });
    const user = member({ status: 'active', credits: 0 });
    act(() => setUser(user));
    let go: (route: string) => void = () => {};
    function Harness() {
      const [route, setRoute] = useState('members');
      go = setRoute;
      return <MemberBanners user={user} route={route} />;
    }
    await renderApp(<Harness />);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    act(() => go('profile'));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    act(() => go('members'));
    // the 40 s start again on entering: 35 s in, nothing yet
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    queryClient.clear();

    fakeApi({
      'GET /api/discountcode.php': {
        status: 200,
        body: { discountcode: bonus({ kind: 'welcome', code: 'WELKOM25', expires: '2026-03-06T12:00:00Z' }) },
      },
    });
    await renderApp(<MemberBanners user={member({ status: 'active', credits: 0 })} route="members" />);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('region', { name: 'Welkomstbonus' }).textContent).toContain(
      '25% op je eerste creditpakket, nog 5 dagen geldig',
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('members without an active discount see nothing', async () => {
    fakeApi({ 'GET /api/discountcode.php': { status: 200, body: { discountcode: null } } });
    await renderApp(<MemberBanners user={member({ status: 'active' })} route="members" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed call shows nothing either (spec section 8: its errors are ignored)', async () => {
    fakeApi({ 'GET /api/discountcode.php': { status: 500, body: { error: 'internal_error', message: '' } } });
    await renderApp(<MemberBanners user={member({ status: 'active' })} route="members" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Welkomstbonus' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const PACKAGES: PackagesAnswer = {
  country: 'NL',
  currency: 'EUR',
  packages: [{ id: 'p2', credits: 250, price: 5995, currency: 'EUR', discount: 20, popular: true, price_per_message: 48 }],
  methods: [{ id: 'creditcard', issuers: false }],
};
const shown = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe('discounts at the checkout', () => {
  it('the active time bonus is applied; an entered code replaces it; a refused code says why', async () => {
    act(() => setUser(member({ status: 'active' })));
    const go = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: go });
    const calls = fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'GET /api/discountcode.php': (call) =>
        call.path.includes('welcome=true')
          ? { status: 200, body: { discountcode: bonus() } }
          : call.path.includes('code=NOPE')
            ? { status: 404, body: { error: 'code_not_found', message: 'Code niet gevonden' } }
            : {
                status: 200,
                body: { discountcode: bonus({ code: 'VONKJE10', percentage: 10, value_percentage: 10, kind: 'code', expires: null }) },
              },
      'POST /api/payment.php': {
        status: 201,
        body: {
          payment_id: 'pay_1234567890ab',
          credits: 250,
          method: 'creditcard',
          amount: 5396,
          currency: 'EUR',
          checkout_url: '/dev/psp/x',
          discount: { code: 'VONKJE10', percentage: 10, full_amount: 5995 },
        },
      },
    });
    await renderApp(
      <Routes>
        <Route path="/credits/:id/:paymentmethod?" element={<CheckoutPage />} />
      </Routes>,
      '/credits/p2',
    );
    expect(await screen.findByText('Je welkomstbonus van 25% is toegepast.')).toBeTruthy();
    expect(shown(screen.getByText('Te betalen').textContent)).toContain('€ 44,96');

    fireEvent.click(screen.getByRole('button', { name: 'Heb je een kortingscode?' }));
    fireEvent.change(screen.getByLabelText('Kortingscode'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Code niet gevonden');

    fireEvent.change(screen.getByLabelText('Kortingscode'), { target: { value: 'vonkje10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect(await screen.findByText('Code VONKJE10: 10% korting')).toBeTruthy();
    expect(shown(screen.getByText('Te betalen').textContent)).toContain('€ 53,96');

    fireEvent.click(screen.getByRole('button', { name: /^Creditcard/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dev/psp/x'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body as StartPaymentInput)).toEqual([
      { package: 'p2', method: 'creditcard', discount_code: 'VONKJE10' },
    ]);
  });
});
