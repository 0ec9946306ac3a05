import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProvider } from '../../web/app/provider';
import type { Boot } from '../../web/lib/boot';
import { createTranslator, loadAccountCatalogue } from '../../web/lib/i18n';
import { loadMembersCatalogue } from '../../web/lib/members-catalogue';
import { loadPaymentsCatalogue } from '../../web/lib/payments-catalogue';
import { QueryProvider } from '../../web/lib/query-client';
import type { User } from '../../worker/contracts/account';
import type { MemberCard } from '../../worker/contracts/profiles';

export const boot = {
  settings: {
    name: 'Vonkje',
    locale: 'nl',
    locales: ['nl'],
    min_age: 18,
    countries: [
      { code: 'NL', locales: ['nl'], name: 'Nederland' },
      { code: 'BE', locales: ['nl', 'fr', 'de'], name: 'België' },
    ],
    geoip_country: 'NL',
    geoip_selected_country: 'NL',
    cdn_prefix: 'https://cdn.example/',
    enable_site_entry_popup: 'no',
    signups: 'all',
    search_fields: ['hair_colour', 'body_type'],
    visible_profile_fields: ['gender', 'age', 'city', 'interests', 'hair_colour', 'about_me'],
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    fictional_warning: 'Dit is een fictief profiel.',
    fictional_singular: 'fictief profiel',
    message_credits: 2,
    gift_credits: 10,
    message_length: 1000,
    minimum_message_costs: { NL: { costs: 45, currency: 'EUR' } },
    free_conversations: 2,
    free_messages: 3,
    refund_days: 14,
    push_public_key: 'BFeQLLi5iQ6LplKj9WEUfGbyV5QcFFBoQjKVJATir4SjIFrhv5d9yVjUpvD8vDdu1iI--CeNTozwRbQI5cJFl9g',
  },
  company: { name: 'Vonk BV', delete_discount: 30 },
} as unknown as Boot;

export function member(over: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'jan@example.nl',
    status: 'not_confirmed',
    credits: 0,
    paid_user: false,
    free_conversations_left: 2,
    free_messages_left: 3,
    signup_date: '2026-01-01T00:00:00Z',
    notifications_disabled: [],
    language: 'nl',
    fictional_icon: false,
    signup_step: 'photo',
    push_permission: null,
    unread_messages: 0,
    profile: {
      id: 1,
      name: 'Jan',
      gender: 'male',
      sexuality: null,
      date_of_birth: '1990-05-01',
      age: 35,
      country: 'NL',
      region: null,
      city: null,
      about_me: null,
      status: 'disabled',
      main_image: null,
      hair_colour: null,
      eye_colour: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      signup_reason: null,
      interests: [],
    },
    ...over,
  };
}

/**
 * Renders inside the app's providers with the real catalogues (main, account, members and payments; Dutch unless told),
 * under the query client as the app's lazily loaded screens are.
 */
export async function renderApp(ui: ReactNode, path = '/', locale = 'nl') {
  const t = await createTranslator(locale);
  await Promise.all([loadAccountCatalogue(), loadMembersCatalogue(), loadPaymentsCatalogue()]);
  return render(
    <AppProvider boot={boot} t={t}>
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryProvider>
    </AppProvider>,
  );
}

type Answer = { status: number; body?: unknown };
export type Call = { method: string; path: string; body: unknown };

/** A fake server: each handler answers by "METHOD /path" (at once, or when its promise settles); every call is recorded. */
export function fakeApi(handlers: Record<string, Answer | ((call: Call) => Answer | Promise<Answer>)>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, path: url.pathname + url.search, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ error: 'api_not_found' }), { status: 404 });
    const answer = await (typeof handler === 'function' ? handler(call) : handler);
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** A member card as the search and the likes answer it: "Lid {id}", 30, Utrecht, no photo, offline. */
export const card = (id: number, over: Partial<MemberCard> = {}): MemberCard => ({
  id,
  name: `Lid ${id}`,
  age: 30,
  city: 'Utrecht',
  region: 'NL-UT',
  country: 'NL',
  fictional: false,
  photo_count: 0,
  main_image: null,
  online: false,
  recently_active: false,
  ...over,
});
