import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const wrap = style({ position: 'relative', flexShrink: 0 });
export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} ${vars.space.xs}`,
  border: `2px solid transparent`,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.darkText,
  fontWeight: 600,
  fontSize: vars.size.sm,
  cursor: 'pointer',
  selectors: { '&:hover, &[aria-expanded="true"]': { borderColor: vars.color.primary } },
  // a 375 px phone: the site's name and the language pill beside a member's links (issue 33)
  '@media': { 'screen and (max-width: 399px)': { gap: vars.space.xs, paddingRight: vars.space.xs } },
});
export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '34px',
  height: '34px',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  overflow: 'hidden',
  // the initial is decoration (CSS content, not text): the button's visible text is the name alone, as its label says
  '::before': { content: 'attr(data-initial)' },
});
export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });
export const name = style({
  display: 'none',
  maxWidth: '10rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [bp.sm]: { display: 'inline' } },
});
export const caret = style({ width: '12px', height: '12px' });
export const menu = style({
  position: 'absolute',
  right: 0,
  top: `calc(100% + ${vars.space.sm})`,
  minWidth: '13rem',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.modal,
  border: `1px solid ${vars.color.border}`,
  zIndex: 60,
});
export const item = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'left',
  textDecoration: 'none',
  fontSize: vars.size.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.background, color: vars.color.secondary } },
});
export const separator = style({ height: '1px', margin: `${vars.space.xs} 0`, background: vars.color.border });
