import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  background: vars.color.dark,
  color: '#fff',
  boxShadow: '0 2px 12px rgba(0,0,0,0.25)',
});
export const inner = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: '60px',
  // a phone: tighter, so the site's name fits beside a member's four links and menu
  '@media': { 'screen and (max-width: 575px)': { gap: vars.space.xs, paddingInline: vars.space.sm } },
});
export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 575px)': { gap: vars.space.xs } },
  color: '#fff',
  textDecoration: 'none',
  fontWeight: 700,
  fontSize: vars.size.lg,
  marginRight: 'auto',
  letterSpacing: '-0.01em',
  minWidth: 0,
});
/** The site's name at every width; below 576 px smaller, on up to two lines, in place of the logo. */
export const brandName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': {
    // wrapped between words, never cut inside one: the nav's other items give way first
    'screen and (max-width: 575px)': {
      fontSize: vars.size.sm,
      lineHeight: 1.15,
      whiteSpace: 'normal',
      letterSpacing: '-0.02em',
      minWidth: 'min-content',
    },
    // a 375 px phone beside a member's links: "Mannenvonk" whole rather than cut
    'screen and (max-width: 399px)': { fontSize: vars.size.xs },
  },
});
export const navButton = style({
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.size.sm,
  whiteSpace: 'nowrap',
  flexShrink: 0,
  '@media': { 'screen and (max-width: 575px)': { paddingInline: vars.space.sm, fontSize: vars.size.xs } },
});
/** Below 576 px the visitor's buttons are compact: their words shown, the signup's short one. */
export const wideOnly = style({ '@media': { 'screen and (max-width: 575px)': { display: 'none' } } });
export const phoneOnly = style({ '@media': { [bp.sm]: { display: 'none' } } });
export const menuPlaceholder = style({ width: '44px', height: '44px' });
export const logo = style({ width: '32px', height: '32px', flexShrink: 0 });
/** The top navigation's logo beside the name, smaller on a phone. */
export const brandLogo = style([logo, { '@media': { 'screen and (max-width: 575px)': { width: '26px', height: '26px' } } }]);
export const select = style({
  appearance: 'none',
  background: 'transparent',
  color: '#fff',
  border: '2px solid rgba(255,255,255,0.35)',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontFamily: 'inherit',
  fontWeight: 600,
  fontSize: vars.size.sm,
  minHeight: '40px',
  cursor: 'pointer',
  flexShrink: 0,
  '@media': {
    'screen and (max-width: 575px)': { paddingInline: vars.space.sm, fontSize: vars.size.xs },
    [bp.sm]: { padding: `${vars.space.xs} ${vars.space.lg}` },
  },
});
export const option = style({ color: vars.color.text });
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
/** "Search members": an icon on a phone, icon and text from 576 px; underlined while on /members. */
export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.75rem',
  minWidth: '2.75rem',
  justifyContent: 'center',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  color: vars.color.darkText,
  fontWeight: 600,
  fontSize: vars.size.sm,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  flexShrink: 0,
  // a 375 px phone: the logo and a long site name ("Mannenvonk") beside a member's four links and menu
  '@media': { 'screen and (max-width: 399px)': { minWidth: '2.5rem', minHeight: '2.5rem', padding: '0 2px' } },
  selectors: {
    '&:hover, &:focus-visible': { color: vars.color.primary },
    '&.active': { color: vars.color.primary },
  },
});
export const navIcon = style({ width: '1.25rem', height: '1.25rem', flexShrink: 0 });
/** The installed app's back button (spec section 2). */
export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  flexShrink: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'rgba(255,255,255,0.12)',
  color: '#fff',
  cursor: 'pointer',
});
