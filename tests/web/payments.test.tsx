import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberNav } from '../../web/components/layout/member-nav';
import { CheckoutPage } from '../../web/features/payments/checkout-page';
import { CreditsPage } from '../../web/features/payments/credits-page';
import { DirectDebitPage } from '../../web/features/payments/direct-debit-page';
import { PremiumPage } from '../../web/features/payments/premium-page';
import { RepeatOrderPage } from '../../web/features/payments/repeat-order-page';
import { TransactionsPage } from '../../web/features/payments/transactions-page';
import { outcomeOf } from '../../web/features/payments/payments.rules';
import { sessionStore, setUser } from '../../web/lib/user';
import type {
  PackagesAnswer,
  Payment,
  PaymentAnswer,
  StartPaymentInput,
  TransactionAnswer,
  TransactionsAnswer,
} from '../../worker/contracts/payments';
import { fakeApi, member, renderApp, type Call } from './account-helpers';

const PACKAGES: PackagesAnswer = {
  country: 'NL',
  currency: 'EUR',
  packages: [
    { id: 'p0', credits: 50, price: 1495, currency: 'EUR', discount: null, popular: false, price_per_message: 60 },
    { id: 'p1', credits: 120, price: 2995, currency: 'EUR', discount: null, popular: false, price_per_message: 50 },
    { id: 'p2', credits: 250, price: 5995, currency: 'EUR', discount: 20, popular: true, price_per_message: 48 },
    { id: 'p3', credits: 500, price: 11250, currency: 'EUR', discount: 25, popular: false, price_per_message: 45 },
  ],
  methods: [
    { id: 'ideal', issuers: true },
    { id: 'creditcard', issuers: false },
    { id: 'paypal', issuers: false },
    { id: 'directdebit', issuers: false },
  ],
};
/** Texts compared with whitespace normalized (the currency's no-break space too). */
const shown = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
const eur = (cents: number) => shown(new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(cents / 100));

const payment = (over: Partial<Payment> = {}): Payment => ({
  payment_id: 'pay_abcdefgh12345678',
  package: 'p2',
  credits: 250,
  method: 'ideal',
  amount: 5995,
  currency: 'EUR',
  status: 'paid',
  created_at: '2026-03-01T10:00:00Z',
  paid_at: '2026-03-01T10:01:00Z',
  made_premium: true,
  discount: null,
  ...over,
});

function renderPayments(path: string) {
  return renderApp(
    <Routes>
      <Route path="/credits" element={<CreditsPage />} />
      <Route path="/premium" element={<PremiumPage />} />
      <Route path="/credits/:id/:paymentmethod?" element={<CheckoutPage />} />
      <Route path="/transactions/:id?" element={<TransactionsPage />} />
      <Route path="/directdebit" element={<DirectDebitPage />} />
      <Route path="/credits/repeat-order" element={<RepeatOrderPage />} />
    </Routes>,
    path,
  );
}
const starts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/payment.php').map((c) => c.body as StartPaymentInput);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUser(null));
});

describe('packages', () => {
  it('shows each package with credits, price, price per message, the ribbons (p2, p3) and the popular flag; each leads to its checkout', async () => {
    act(() => setUser(member({ status: 'active', credits: 7 })));
    fakeApi({ 'GET /api/packages.php': { status: 200, body: PACKAGES } });
    await renderPayments('/credits');
    const p2 = await screen.findByRole('article', { name: /^250 credits voor/ });
    expect(shown(p2.getAttribute('aria-label'))).toBe(`250 credits voor ${eur(5995)} kiezen`);
    expect(shown(p2.textContent)).toContain('Populair');
    expect(shown(p2.textContent)).toContain('20% voordeliger');
    expect(shown(p2.textContent)).toContain(`${eur(48)} per bericht`);
    expect(shown(p2.textContent)).toContain('Goed voor 125 berichten');
    expect(within(screen.getByRole('article', { name: /^500 credits/ })).getByText('25% voordeliger')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: /^50 credits/ })).queryByText(/voordeliger/)).toBeNull();
    expect(within(p2).getByRole('link').getAttribute('href')).toBe('/credits/p2');
    expect(screen.getByText('Je saldo: 7 credits')).toBeTruthy();
    expect(screen.getByText('Met je eerste pakket word je ook premium lid.')).toBeTruthy();
  });

  it('while a discount is active the packages show the discounted price beside the old one, and say which discount', async () => {
    act(() => setUser(member({ status: 'active', credits: 0 })));
    const welcome = {
      code: 'WELKOM25',
      country: null,
      user_id: 1,
      expires: '2026-03-06T12:00:00Z',
      value_percentage: 25,
      percentage: 25,
      currency: null,
      minimum_order_value: null,
      status: 'active' as const,
      validity: 400_000,
      expired: false,
      paymentmethods: null,
      kind: 'welcome' as const,
    };
    fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'GET /api/discountcode.php': { status: 200, body: { discountcode: welcome } },
    });
    await renderPayments('/credits');
    expect(await screen.findByText('Je welkomstkorting van 25% is toegepast.')).toBeTruthy();
    const p2 = screen.getByRole('article', { name: /^250 credits voor/ });
    // 5995 × 0.75 = 4496.25: the server's rounding
    expect(shown(p2.getAttribute('aria-label'))).toBe(`250 credits voor ${eur(4496)} kiezen`);
    expect(shown(p2.querySelector('del')!.textContent)).toBe(`Van ${eur(5995)}`);
    expect(shown(p2.textContent)).toContain(`${eur(36)} per bericht`); // 4496 × 2 / 250 = 35.97
  });

  it('premium: the benefits and the promises with refund_days', async () => {
    act(() => setUser(member({ status: 'active' })));
    fakeApi({ 'GET /api/packages.php': { status: 200, body: PACKAGES } });
    await renderPayments('/premium');
    await screen.findByRole('article', { name: /^250 credits/ });
    expect(screen.getByRole('heading', { name: 'Word premium', level: 1 })).toBeTruthy();
    for (const text of ['Geen abonnement', 'Ongebruikte credits terug', '14 dagen gratis annuleren', '46% grotere kans op een match'])
      expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('checkout', () => {
  it('a method without banks starts the payment at once with only the package and the method, and goes to the provider', async () => {
    act(() => setUser(member({ status: 'active' })));
    const go = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: go });
    const calls = fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'POST /api/payment.php': {
        status: 201,
        body: {
          payment_id: 'pay_1234567890ab',
          credits: 250,
          method: 'creditcard',
          amount: 5995,
          currency: 'EUR',
          checkout_url: '/dev/psp/sim_1',
        },
      },
    });
    await renderPayments('/credits/p2');
    expect(shown((await screen.findByText('250 credits')).parentElement!.textContent)).toContain(eur(5995));
    fireEvent.click(screen.getByRole('button', { name: /^Creditcard/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dev/psp/sim_1'));
    expect(starts(calls)).toEqual([{ package: 'p2', method: 'creditcard' }]);
  });

  it('iDEAL with banks listed: the bank choice, then the payment with the bank', async () => {
    act(() => setUser(member({ status: 'active' })));
    const go = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: go });
    const calls = fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'GET /api/issuers.php': {
        status: 200,
        body: {
          issuers: [
            { id: 'sim_bank_a', name: 'Simbank A' },
            { id: 'sim_bank_b', name: 'Simbank B' },
          ],
        },
      },
      'POST /api/payment.php': {
        status: 201,
        body: {
          payment_id: 'pay_1234567890ab',
          credits: 250,
          method: 'ideal',
          amount: 5995,
          currency: 'EUR',
          checkout_url: '/dev/psp/sim_2',
        },
      },
    });
    await renderPayments('/credits/p2/ideal');
    expect(await screen.findByRole('heading', { name: 'Kies je bank' })).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Betalen met iDEAL | Wero' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Simbank B/ }));
    fireEvent.click(pay);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dev/psp/sim_2'));
    expect(starts(calls)).toEqual([{ package: 'p2', method: 'ideal', issuer: 'sim_bank_b' }]);
  });

  it("a refused start shows the server's message and allows another try", async () => {
    act(() => setUser(member({ status: 'active' })));
    fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'POST /api/payment.php': {
        status: 400,
        body: { error: 'method_unavailable', message: 'Deze betaalmethode is hier niet beschikbaar.' },
      },
    });
    await renderPayments('/credits/p1/paypal');
    fireEvent.click(await screen.findByRole('button', { name: 'Betalen met PayPal' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deze betaalmethode is hier niet beschikbaar.');
    expect((screen.getByRole('button', { name: 'Betalen met PayPal' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('unknown packages and methods are not found', async () => {
    act(() => setUser(member({ status: 'active' })));
    fakeApi({ 'GET /api/packages.php': { status: 200, body: PACKAGES } });
    await renderPayments('/credits/p9');
    expect(screen.getByText('404')).toBeTruthy();
    cleanup();
    await renderPayments('/credits/p2/bitcoin');
    expect(screen.getByText('404')).toBeTruthy();
  });
});

describe('direct debit', () => {
  it('direct debit leads to its form; the form sends the code, field errors show at their fields; the code confirms and the payment is followed', async () => {
    act(() => setUser(member({ status: 'active' })));
    let wrongCode = true;
    const calls = fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'GET /api/discountcode.php': { status: 200, body: { discountcode: null } },
      'POST /api/directdebit.php': (call) =>
        (call.body as { iban: string }).iban === 'NL00BAD'
          ? {
              status: 400,
              body: { error: 'invalid_request', message: 'Controleer de velden.', issues: [{ path: 'iban', message: 'Ongeldig IBAN' }] },
            }
          : {
              status: 201,
              body: {
                request_id: 'ddr_1234567890',
                phone: '+31 6 •••• ••78',
                expires_at: '2026-03-01T10:10:00Z',
                amount: 5995,
                currency: 'EUR',
                credits: 250,
              },
            },
      'POST /api/directdebit-confirm.php': () =>
        wrongCode
          ? { status: 400, body: { error: 'otp_invalid', message: 'Code ongeldig' } }
          : { status: 201, body: { payment_id: 'pay_dd1234567890', package: 'p2' } },
      'GET /api/payment.php': {
        status: 200,
        body: {
          payment: payment({ status: 'pending', method: 'directdebit', paid_at: null, made_premium: false }),
          user: member({ status: 'active' }),
        },
      },
    });
    await renderPayments('/credits/p2');
    fireEvent.click(await screen.findByRole('button', { name: /^Automatische incasso/ }));
    expect(await screen.findByRole('heading', { name: 'Betalen met automatische incasso' })).toBeTruthy();
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Naam rekeninghouder', 'J. Jansen');
    fill('IBAN', 'NL00BAD');
    fill('Straat', 'Dorpsstraat');
    fill('Huisnummer', '12');
    fill('Postcode', '1234 AB');
    fill('Plaats', 'Utrecht');
    fill('Mobiel nummer', '0612345678');
    fireEvent.click(screen.getByRole('button', { name: 'Stuur mij de code' }));
    expect(await screen.findByText('Ongeldig IBAN')).toBeTruthy();
    fill('IBAN', 'NL91 ABNA 0417 1643 00');
    fireEvent.click(screen.getByRole('button', { name: 'Stuur mij de code' }));
    expect(await screen.findByRole('heading', { name: 'Vul je sms-code in' })).toBeTruthy();
    expect(screen.getByText(/gestuurd naar \+31 6 •••• ••78/)).toBeTruthy();
    fill('Sms-code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen en betalen' }));
    expect(await screen.findByText('Code ongeldig')).toBeTruthy();
    wrongCode = false;
    fill('Sms-code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen en betalen' }));
    expect(await screen.findByRole('heading', { name: 'Betaling wordt verwerkt' })).toBeTruthy();
    expect(await screen.findByText(/Je incasso is aangevraagd/)).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/api/directdebit.php').map((c) => c.body);
    expect(sent.at(-1)).toEqual({
      package: 'p2',
      account_holder: 'J. Jansen',
      iban: 'NL91 ABNA 0417 1643 00',
      street: 'Dorpsstraat',
      house_number: '12',
      zip: '1234 AB',
      city: 'Utrecht',
      phone: '0612345678',
    });
    expect(calls.filter((c) => c.path === '/api/directdebit-confirm.php').map((c) => c.body)).toEqual([
      { request_id: 'ddr_1234567890', otp: '111111' },
      { request_id: 'ddr_1234567890', otp: '123456' },
    ]);
  });

  it('repeat order: the saved mandate and the last package, ordered in one step; without a mandate the way to the credits', async () => {
    act(() => setUser(member({ status: 'active', paid_user: true, credits: 3 })));
    const calls = fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'GET /api/repeat-order.php': {
        status: 200,
        body: {
          mandate: { id: 'mdt_1', method: 'creditcard', label: '•••• 4242', created_at: '2026-02-01T10:00:00Z' },
          last_package: 'p1',
        },
      },
      'POST /api/repeat-order.php': { status: 201, body: { payment_id: 'pay_rep1234567890', package: 'p1', method: 'creditcard' } },
      'GET /api/payment.php': {
        status: 200,
        body: {
          payment: payment({ package: 'p1', credits: 120, method: 'creditcard', made_premium: false }),
          user: member({ status: 'active', paid_user: true, credits: 123 }),
        },
      },
    });
    await renderPayments('/credits/repeat-order');
    expect(await screen.findByText('Je betaalt met je creditcard •••• 4242.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /120 credits.*Je vorige pakket/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^Bestel 120 credits voor/ }));
    expect(await screen.findByRole('heading', { name: 'Betaling gelukt!' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ package: 'p1' }]);
    cleanup();
    fakeApi({
      'GET /api/packages.php': { status: 200, body: PACKAGES },
      'GET /api/repeat-order.php': { status: 200, body: { mandate: null, last_package: null } },
    });
    await renderPayments('/credits/repeat-order');
    expect(await screen.findByText(/Je hebt nog geen opgeslagen betaalmethode/)).toBeTruthy();
  });
});

describe('back from the provider', () => {
  it('maps statuses to screens; a failed card offers PayPal', () => {
    expect(outcomeOf('paid', 'ideal')).toBe('complete');
    expect(outcomeOf('open', 'ideal')).toBe('pending');
    expect(outcomeOf('pending', 'ideal')).toBe('pending');
    expect(outcomeOf('failed', 'creditcard')).toBe('card_failed');
    expect(outcomeOf('failed', 'ideal')).toBe('failed');
    expect(outcomeOf('canceled', 'paypal')).toBe('canceled');
    expect(outcomeOf('expired', 'ideal')).toBe('expired');
  });

  it('"being processed" until the payment is paid, then complete with the balance and premium; the session user takes them', async () => {
    act(() => setUser(member({ status: 'active', credits: 3 })));
    let status: Payment['status'] = 'pending';
    fakeApi({
      'GET /api/payment.php': () => ({
        status: 200,
        body: {
          payment: payment({ status, paid_at: status === 'paid' ? '2026-03-01T10:01:00Z' : null }),
          user: member({ status: 'active', credits: status === 'paid' ? 253 : 3, paid_user: status === 'paid' }),
        } satisfies PaymentAnswer,
      }),
    });
    await renderPayments('/credits/p2/ideal?payment=pay_abcdefgh12345678');
    expect(await screen.findByRole('heading', { name: 'Betaling wordt verwerkt' })).toBeTruthy();
    status = 'paid';
    expect(await screen.findByRole('heading', { name: 'Betaling gelukt!' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Er zijn 250 credits aan je saldo toegevoegd. Je saldo is nu 253 credits.')).toBeTruthy();
    expect(screen.getByText("Je bent nu premium lid: alle foto's en functies staan voor je open.")).toBeTruthy();
    expect(sessionStore.get().user).toMatchObject({ credits: 253, paid_user: true });
  });

  it('a failed card payment: "Creditcard betaling mislukt" with a retry and PayPal, which starts at once', async () => {
    act(() => setUser(member({ status: 'active' })));
    const go = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: go });
    const calls = fakeApi({
      'GET /api/payment.php': {
        status: 200,
        body: {
          payment: payment({ status: 'failed', method: 'creditcard', paid_at: null, made_premium: false }),
          user: member({ status: 'active' }),
        },
      },
      'POST /api/payment.php': {
        status: 201,
        body: {
          payment_id: 'pay_pp1234567890',
          credits: 250,
          method: 'paypal',
          amount: 5995,
          currency: 'EUR',
          checkout_url: '/dev/psp/sim_3',
        },
      },
    });
    await renderPayments('/credits/p2/creditcard?payment=pay_abcdefgh12345678');
    expect(await screen.findByRole('heading', { name: 'Creditcard betaling mislukt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Opnieuw proberen' }).getAttribute('href')).toBe('/credits/p2/creditcard');
    fireEvent.click(screen.getByRole('button', { name: 'Betalen met PayPal' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dev/psp/sim_3'));
    expect(starts(calls)).toEqual([{ package: 'p2', method: 'paypal' }]);
  });

  it('another failure: "Betaling mislukt"; another member\'s payment is not found', async () => {
    act(() => setUser(member({ status: 'active' })));
    fakeApi({
      'GET /api/payment.php': {
        status: 200,
        body: { payment: payment({ status: 'canceled', paid_at: null, made_premium: false }), user: member() },
      },
    });
    await renderPayments('/credits/p2/ideal?payment=pay_abcdefgh12345678');
    expect(await screen.findByRole('heading', { name: 'Betaling mislukt' })).toBeTruthy();
    expect(screen.getByText('Je hebt de betaling afgebroken. Er is niets afgeschreven.')).toBeTruthy();
    cleanup();
    fakeApi({ 'GET /api/payment.php': { status: 404, body: { error: 'not_found_generic', message: 'Niet gevonden' } } });
    await renderPayments('/credits/p2/ideal?payment=pay_someoneelse1234');
    expect(await screen.findByRole('heading', { name: 'Deze betaling is niet gevonden.' })).toBeTruthy();
  });
});

describe('transactions', () => {
  it('lists purchases and spending; a purchase opens its receipt with the VAT', async () => {
    act(() => setUser(member({ status: 'active', credits: 248, paid_user: true })));
    const list: TransactionsAnswer = {
      transactions: [
        {
          id: 12,
          kind: 'spend',
          reason: 'message_text',
          credits: -2,
          balance_after: 248,
          created_at: '2026-03-01T11:00:00Z',
          payment: null,
        },
        {
          id: 11,
          kind: 'purchase',
          reason: 'purchase',
          credits: 250,
          balance_after: 250,
          created_at: '2026-03-01T10:01:00Z',
          payment: { payment_id: 'pay_abcdefgh12345678', package: 'p2', amount: 5995, currency: 'EUR', method: 'ideal' },
        },
      ],
      page: 1,
      more: false,
    };
    const detail: TransactionAnswer = {
      transaction: list.transactions[1]!,
      receipt: {
        number: 'VJ-2026-ABCDEFGH',
        company: {
          name: 'Vonk Media B.V.',
          address: 'Herengracht 182',
          zip: '1016 BR',
          city: 'Amsterdam',
          country: 'NL',
          kvk: '81234567',
          vat_number: 'NL862345678B01',
        },
        site: 'Vonkje',
        buyer: { name: 'Jan', email: 'jan@example.nl', country: 'NL' },
        amount: 5995,
        currency: 'EUR',
        vat_rate: 21,
        vat_amount: 1040,
        net_amount: 4955,
        discount: null,
      },
    };
    fakeApi({ 'GET /api/transactions.php': (call) => ({ status: 200, body: call.path.includes('id=') ? detail : list }) });
    await renderPayments('/transactions');
    const purchase = await screen.findByRole('link', { name: /^Creditpakket gekocht\s*, .+\+250\s*, .+Details$/ });
    expect(shown(screen.getByText('Bericht verstuurd').closest('div')!.textContent)).toContain('-2');
    fireEvent.click(purchase);
    expect(await screen.findByRole('heading', { name: 'Betaalbewijs VJ-2026-ABCDEFGH' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(shown(table.textContent)).toContain(`Btw 21%${eur(1040)}`);
    expect(shown(table.textContent)).toContain(`Bedrag excl. btw${eur(4955)}`);
    expect(shown(table.textContent)).toContain(`Totaal${eur(5995)}`);
    expect(screen.getByText(/Btw-nummer NL862345678B01/)).toBeTruthy();
    expect(table.textContent).not.toContain('Korting');
  });

  it('a discounted purchase’s receipt shows the price before the discount and the discount line', async () => {
    act(() => setUser(member({ status: 'active', credits: 250, paid_user: true })));
    const transaction = {
      id: 11,
      kind: 'purchase' as const,
      reason: 'purchase',
      credits: 250,
      balance_after: 250,
      created_at: '2026-03-01T10:01:00Z',
      payment: { payment_id: 'pay_abcdefgh12345678', package: 'p2' as const, amount: 4496, currency: 'EUR', method: 'ideal' as const },
    };
    const detail: TransactionAnswer = {
      transaction,
      receipt: {
        number: 'VJ-2026-ABCDEFGH',
        company: {
          name: 'Vonk Media B.V.',
          address: 'Herengracht 182',
          zip: '1016 BR',
          city: 'Amsterdam',
          country: 'NL',
          kvk: '81234567',
          vat_number: null,
        },
        site: 'Vonkje',
        buyer: { name: 'Jan', email: 'jan@example.nl', country: 'NL' },
        amount: 4496,
        currency: 'EUR',
        vat_rate: 21,
        vat_amount: 780,
        net_amount: 3716,
        discount: { code: 'WELKOM25', percentage: 25, full_amount: 5995 },
      },
    };
    fakeApi({ 'GET /api/transactions.php': { status: 200, body: detail } });
    await renderPayments('/transactions/11');
    const table = await screen.findByRole('table');
    expect(shown(table.textContent)).toContain(`Prijs${eur(5995)}Korting WELKOM25 (25%)−${eur(1499)}`);
    expect(shown(table.textContent)).toContain(`Totaal${eur(4496)}`);
  });
});

describe('navigation', () => {
  it('premium members see their credits with a badge at 10 or fewer (warning, danger at 0); free members "Word premium"', async () => {
    fakeApi({});
    act(() => setUser(member({ status: 'active', paid_user: true, credits: 50 })));
    const view = await renderApp(<MemberNav user={sessionStore.get().user!} />);
    const credits = await screen.findByRole('link', { name: /^Credits/ });
    expect(credits.getAttribute('href')).toBe('/credits');
    expect(credits.textContent).not.toContain('50');
    view.unmount();
    await renderApp(<MemberNav user={member({ status: 'active', paid_user: true, credits: 4 })} />);
    expect((await screen.findByRole('link', { name: /^Credits/ })).textContent).toContain('nog 4 credits');
    cleanup();
    await renderApp(<MemberNav user={member({ status: 'active', paid_user: true, credits: 0 })} />);
    expect((await screen.findByRole('link', { name: /^Credits/ })).textContent).toContain('geen credits meer');
    cleanup();
    await renderApp(<MemberNav user={member({ status: 'active', paid_user: false, credits: 0 })} />);
    expect((await screen.findByRole('link', { name: 'Word premium' })).getAttribute('href')).toBe('/premium');
    expect(screen.queryByRole('link', { name: /^Credits/ })).toBeNull();
  });
});
