import { style, styleVariants } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/** Spec section 2: the list 300 to 400 px wide beside the chat from 992 px; the chat column at most 800 px. */
const LIST_WIDTH = 'clamp(300px, 30vw, 400px)';

export const shell = style({
  flex: 1,
  minHeight: 0,
  width: '100%',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [bp.lg]: {
      gridTemplateColumns: `${LIST_WIDTH} minmax(0, ${vars.width.chat})`,
      justifyContent: 'center',
      gap: vars.space.md,
      padding: vars.space.md,
    },
  },
});

const pane = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  minWidth: 0,
  background: vars.color.surface,
  '@media': {
    [bp.lg]: { border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg, boxShadow: vars.shadow.card, overflow: 'hidden' },
  },
});
/** Below 992 px: the list on /chats only. */
export const listPane = style([
  pane,
  {
    selectors: { [`${shell}[data-open] &`]: { display: 'none' } },
    '@media': { [bp.lg]: { selectors: { [`${shell}[data-open] &`]: { display: 'flex' } } } },
  },
]);
/** Below 992 px: the conversation only when one is open. */
export const chatPane = style([
  pane,
  {
    selectors: { [`${shell}:not([data-open]) &`]: { display: 'none' } },
    '@media': { [bp.lg]: { selectors: { [`${shell}:not([data-open]) &`]: { display: 'flex' } } } },
  },
]);

/** /chats on a large screen: nothing chosen yet. */
export const none = style({
  flex: 1,
  display: 'grid',
  alignContent: 'center',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  textAlign: 'center',
  background: `radial-gradient(circle at 50% 35%, color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface}), ${vars.color.surface} 60%)`,
});
export const noneIcon = style({ width: '3.5rem', height: '3.5rem', color: vars.color.primary });
export const noneTitle = style({ margin: 0, fontSize: vars.size.lg });
export const muted = style({ margin: 0, color: vars.color.muted, maxWidth: '28rem' });

const avatarBase = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
  background: `linear-gradient(135deg, color-mix(in srgb, ${vars.color.primary} 35%, ${vars.color.surface}), ${vars.color.secondary})`,
  color: vars.color.surface,
  fontWeight: 700,
});
export const avatar = styleVariants({
  sm: [avatarBase, { width: '2.75rem', height: '2.75rem', fontSize: vars.size.md }],
  md: [avatarBase, { width: '3.25rem', height: '3.25rem', fontSize: vars.size.lg }],
  lg: [
    avatarBase,
    { width: '6rem', height: '6rem', fontSize: vars.size.xxl, boxShadow: vars.shadow.card, border: `3px solid ${vars.color.surface}` },
  ],
});
export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
