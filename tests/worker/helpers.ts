import { exports } from 'cloudflare:workers';

/** A request through the real worker; the URL's host is the Host header the tenant middleware reads. */
export function call(url: string, init: RequestInit & { country?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.country) headers.set('CF-IPCountry', init.country);
  return exports.default.fetch(new Request(url, { ...init, headers }));
}

export async function json<T = Record<string, unknown>>(url: string, init?: RequestInit & { country?: string }) {
  const res = await call(url, init);
  return { res, body: (await res.json()) as T };
}
