import { describe, expect, it } from 'vitest';
import { tenantFiles } from '../../tenants';
import { resolveTheme, type TenantFile } from '../../tenants/schema';
import { NICHE_LOOKS, PALETTE_KEYS, paletteVar } from '../../worker/contracts/theme.values';
import { call, json } from './helpers';

// Issue 33, "each niche its own look": every page of a site comes with the site's palette as CSS
// variables in its head (no request, no flash of the build's default colours), allowed by the page's CSP.
const sites = Object.values(tenantFiles) as TenantFile[];
const styleOf = (html: string) => /<style id="site-theme">(.*?)<\/style>/s.exec(html)?.[1];
const varOf = (css: string, name: string) => new RegExp(`--${name}:(#[0-9a-f]{6})`).exec(css)?.[1];
async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

describe('the site’s look in its pages', () => {
  it.each(sites.map((s) => [s.slug, s] as const))(
    '%s: its resolved palette, allowed by the CSP, on the landing page and an app page',
    async (slug, site) => {
      const theme = resolveTheme(site.niche, site.theme);
      for (const path of ['/', '/login', '/members']) {
        const res = await call(`http://${slug}.localhost${path}`, { headers: { 'sec-fetch-dest': 'document' } });
        expect(res.status, path).toBe(200);
        const html = await res.text();
        const css = styleOf(html);
        expect(css, `${slug}${path}`).toBeDefined();
        expect(css).toContain(`color-scheme:${theme.scheme}`);
        for (const key of PALETTE_KEYS) expect(varOf(css!, paletteVar(key)), key).toBe(theme.palette[key]);
        // exactly this style is allowed: style-src names its hash, and no 'unsafe-inline'
        const csp = res.headers.get('content-security-policy')!;
        const styleSrc = csp.split('; ').find((d) => d.startsWith('style-src'))!;
        expect(styleSrc).toContain(`'${await sha256(css!)}'`);
        expect(styleSrc).not.toContain('unsafe-inline');
      }
    },
  );

  it('the niches look different: the main site keeps the spec’s #f90, BDSM is dark, gay and silver have their own primaries', async () => {
    const primary = async (slug: string) => varOf(styleOf(await (await call(`http://${slug}.localhost/`)).text())!, 'color-primary');
    expect(await primary('vonkje')).toBe('#ff9900');
    const looks = await Promise.all(['vonkje', 'bdsm-nl', 'gay-nl', 'silver-nl'].map(primary));
    expect(new Set(looks).size).toBe(4);
    expect(styleOf(await (await call('http://bdsm-nl.localhost/')).text())).toContain('color-scheme:dark');
  });

  it('a site file without a theme gets its niche’s look (silver-nl names none)', async () => {
    const silver = sites.find((s) => s.slug === 'silver-nl')!;
    expect(silver.theme).toBeUndefined();
    const css = styleOf(await (await call('http://silver-nl.localhost/')).text())!;
    for (const key of PALETTE_KEYS) expect(varOf(css, paletteVar(key)), key).toBe(NICHE_LOOKS[6].palette[key]);
  });

  it('the settings name the hero art and the brand colour: the file’s, else the niche’s', async () => {
    const hero = async (slug: string) =>
      (await json<{ hero: string; theme_color: string }>(`http://${slug}.localhost/api/settings.php`)).body;
    expect(await hero('vonkje')).toMatchObject({ hero: 'spark', theme_color: '#ff9900' });
    expect(await hero('bdsm-nl')).toMatchObject({ hero: 'mask', theme_color: '#b3123e' });
    expect(await hero('gay-nl')).toMatchObject({ hero: 'pride', theme_color: '#6b3fd6' });
    expect(await hero('silver-nl')).toMatchObject({ hero: 'silver', theme_color: NICHE_LOOKS[6].palette.primary });
  });
});
