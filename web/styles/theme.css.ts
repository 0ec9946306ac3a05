import { createGlobalTheme, createGlobalThemeContract } from '@vanilla-extract/css';
import { NICHE_LOOKS, PALETTE_KEYS, paletteVar, type PaletteKey } from '../../worker/contracts/theme.values';

/**
 * The palette's colours under stable CSS variable names (`--color-primary`, ...): the worker writes
 * each site's palette into its pages (worker/contracts/theme.values.ts themeCss, issue 33), the build
 * sets the main site's as the default (spec section 9: primary #f90, a darker secondary, an extra
 * colour for unread messages). Components use `vars.color.*` only, so every screen takes the site's look.
 */
const colorVars = createGlobalThemeContract(Object.fromEntries(PALETTE_KEYS.map((k) => [k, paletteVar(k)])) as Record<PaletteKey, string>);
createGlobalTheme(':root', colorVars, NICHE_LOOKS[1].palette);

const rest = createGlobalTheme(':root', {
  font: {
    body: "'Montserrat', 'Montserrat Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  size: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.75rem',
    xxl: '2.5rem',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2.5rem',
    xxl: '4rem',
  },
  radius: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  shadow: {
    card: '0 6px 24px rgba(60, 30, 0, 0.08)',
    modal: '0 20px 60px rgba(0, 0, 0, 0.35)',
  },
  width: { content: '1140px', chat: '800px', toast: '350px', modal: '520px' },
});

export const vars = { ...rest, color: colorVars };

/** Breakpoints of spec section 9. */
export const bp = {
  sm: 'screen and (min-width: 576px)',
  md: 'screen and (min-width: 768px)',
  lg: 'screen and (min-width: 992px)',
  xl: 'screen and (min-width: 1200px)',
};
