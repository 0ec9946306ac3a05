import { describe, expect, it } from 'vitest';
import { companiesFile, tenantFiles } from '../../tenants';
import { buildRegistry } from '../../tenants/registry';
import { NICHES, type Niche } from '../../tenants/schema';
import { NICHE_LOOKS, TEXT_PAIRS, type Palette } from '../../worker/contracts/theme.values';
import { AA, contrast } from '../../worker/lib/mail/colour';

// Issue 33: each site's palette keeps every text at WCAG AA (4.5:1) on the backgrounds it is drawn on.
const colourOf = (palette: Palette, key: string) => (key.startsWith('#') ? key : palette[key as keyof Palette]);
const ratios = (palette: Palette) =>
  TEXT_PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(colourOf(palette, fg), palette[bg]) }));

describe('site palettes', () => {
  it.each(buildRegistry(tenantFiles, companiesFile).tenants.map((t) => [t.slug, t] as const))(
    '%s: every text colour reaches 4.5:1 on its background',
    (_slug, tenant) => {
      for (const { pair, ratio } of ratios(tenant.theme.palette)) expect(ratio, pair).toBeGreaterThanOrEqual(AA);
    },
  );

  it('every niche’s default palette passes too (a new site without a theme)', () => {
    for (const n of Object.keys(NICHES).map(Number) as Niche[])
      for (const { pair, ratio } of ratios(NICHE_LOOKS[n].palette)) expect(ratio, `niche ${n}: ${pair}`).toBeGreaterThanOrEqual(AA);
  });

  it('a site file without a theme gets its niche’s look; one with some colours gets them over it', () => {
    const files = structuredClone(tenantFiles) as Record<string, Record<string, unknown>>;
    delete files['gay-nl.json']!.theme;
    files['milf-nl.json']!.theme = { palette: { primary: '#b0245a' }, hero: 'spark' };
    const { tenants } = buildRegistry(files, companiesFile);
    const gay = tenants.find((t) => t.slug === 'gay-nl')!.theme;
    expect(gay).toEqual({ ...NICHE_LOOKS[7], color: NICHE_LOOKS[7].palette.primary, background: '#ffffff' });
    const milf = tenants.find((t) => t.slug === 'milf-nl')!.theme;
    expect(milf.palette).toEqual({ ...NICHE_LOOKS[5].palette, primary: '#b0245a' });
    expect(milf).toMatchObject({ hero: 'spark', color: '#b0245a', scheme: 'light' });
    // the BDSM site is dark, and so is its splash screen without one of its own
    const bdsm = structuredClone(tenantFiles['bdsm-nl.json']) as Record<string, unknown>;
    delete bdsm.theme;
    const dark = buildRegistry({ ...tenantFiles, 'bdsm-nl.json': bdsm }, companiesFile).tenants.find((t) => t.slug === 'bdsm-nl')!.theme;
    expect(dark).toMatchObject({ scheme: 'dark', hero: 'mask', background: NICHE_LOOKS[2].palette.background });
  });

  it('a file whose colours make a text unreadable, or that names an unknown colour, fails naming the field', () => {
    const files = structuredClone(tenantFiles) as Record<string, Record<string, unknown>>;
    files['bbw-nl.json']!.theme = { palette: { secondary: '#ffb0a0' } };
    expect(() => buildRegistry(files, companiesFile)).toThrow(
      /bbw-nl\.json: theme\.palette: secondary #ffb0a0 on background #fff7f4: 1\.\d\d:1 \(needs 4\.5:1\)/,
    );
    files['bbw-nl.json']!.theme = { palette: { glow: '#ffffff' } };
    expect(() => buildRegistry(files, companiesFile)).toThrow(/bbw-nl\.json: theme\.palette/);
    files['bbw-nl.json']!.theme = { hero: 'unicorn' };
    expect(() => buildRegistry(files, companiesFile)).toThrow(/bbw-nl\.json: theme\.hero/);
    files['bbw-nl.json']!.theme = { colour: '#ffffff' };
    expect(() => buildRegistry(files, companiesFile)).toThrow(/bbw-nl\.json: theme/);
  });
});
