import { style } from '@vanilla-extract/css';
import { countBadge } from '../../components/ui/badge.css';
import { vars } from '../../styles/theme.css';

export const list = style({ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 });
export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const title = style({ margin: 0, fontSize: vars.size.xl, letterSpacing: '-0.01em' });
/** The unread colour as small text: darkened to 5.2:1 on white (the colour itself is 4.09:1, under axe's 4.5 for 12 px), as the badge does. */
const unreadText = `color-mix(in srgb, ${vars.color.unread} 85%, ${vars.color.dark})`;
export const total = style({ fontSize: vars.size.xs, fontWeight: 700, color: unreadText });
export const items = style({ flex: 1, minHeight: 0, overflowY: 'auto', margin: 0, padding: `${vars.space.xs} 0`, listStyle: 'none' });
export const item = style({ position: 'relative', display: 'flex', alignItems: 'stretch' });
export const link = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 2.75rem ${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderLeft: '3px solid transparent',
  transition: 'background 120ms',
  selectors: {
    '&:hover': { background: vars.color.background },
    '&[aria-current="page"]': {
      background: `color-mix(in srgb, ${vars.color.primary} 12%, ${vars.color.surface})`,
      borderLeftColor: vars.color.primary,
    },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});
export const body = style({ flex: 1, minWidth: 0, display: 'grid', gap: '0.1rem' });
export const top = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });
export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 600,
  selectors: { [`${item}[data-unread] &`]: { fontWeight: 700 } },
});
export const time = style({
  flexShrink: 0,
  fontSize: vars.size.xs,
  color: vars.color.muted,
  selectors: { [`${item}[data-unread] &`]: { color: unreadText, fontWeight: 700 } },
});
export const preview = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.size.sm,
  color: vars.color.muted,
  selectors: { [`${item}[data-unread] &`]: { color: vars.color.text, fontWeight: 600 } },
});
export const you = style({ color: vars.color.muted, fontWeight: 400 });
/** The settings' fictional_warning, small, in full. */
export const fictional = style({
  marginTop: vars.space.xs,
  padding: `0.1rem ${vars.space.sm}`,
  borderLeft: `3px solid ${vars.color.warning}`,
  background: `color-mix(in srgb, ${vars.color.warning} 12%, ${vars.color.surface})`,
  fontSize: vars.size.xs,
  lineHeight: 1.35,
});
export const count = style([countBadge, { flexShrink: 0 }]);
/** The delete button: at the row's end; shown on hover or focus where there is a mouse, always on touch screens. */
export const remove = style({
  position: 'absolute',
  right: vars.space.xs,
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus-visible': {
      color: vars.color.danger,
      background: `color-mix(in srgb, ${vars.color.danger} 10%, ${vars.color.surface})`,
    },
  },
  '@media': {
    '(hover: hover)': { opacity: 0, selectors: { [`${item}:hover &, ${item}:focus-within &`]: { opacity: 1 } } },
  },
});
export const removeIcon = style({ width: '1.25rem', height: '1.25rem' });
export const more = style({ margin: vars.space.md, fontSize: vars.size.sm });
export const empty = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  margin: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  textAlign: 'center',
  color: vars.color.muted,
});
export const loading = style({ padding: vars.space.md });

/** The avatar with the other member's online dot at its lower right (a ring in the list's colour keeps it apart from the photo). */
export const avatarWrap = style({ position: 'relative', display: 'inline-flex', flexShrink: 0 });
export const onlineDot = style({
  position: 'absolute',
  right: 1,
  bottom: 1,
  width: '0.8rem',
  height: '0.8rem',
  borderRadius: '50%',
  background: vars.color.success,
  border: `2px solid ${vars.color.surface}`,
});
