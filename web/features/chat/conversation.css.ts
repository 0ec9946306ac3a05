import { keyframes, style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const conversation = style({ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' });
export const state = style({
  flex: 1,
  display: 'grid',
  alignContent: 'center',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: vars.space.xl,
  textAlign: 'center',
});
export const stateText = style({ margin: 0, fontWeight: 600 });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '4rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
/** Back to the list: only where the list is not beside the chat. */
export const back = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  marginLeft: `calc(-1 * ${vars.space.sm})`,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  selectors: { '&:hover': { background: vars.color.background } },
  '@media': { [bp.lg]: { display: 'none' } },
});
export const backIcon = style({ width: '1.5rem', height: '1.5rem' });
export const avatarLink = style({ display: 'flex', borderRadius: vars.radius.pill });
export const who = style({ minWidth: 0, display: 'grid' });
export const name = style({
  margin: 0,
  fontSize: vars.size.md,
  fontWeight: 700,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const profileLink = style({ justifySelf: 'start', fontSize: vars.size.xs, fontWeight: 600, color: vars.color.secondary });
export const fictional = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.warning}`,
  background: `color-mix(in srgb, ${vars.color.warning} 14%, ${vars.color.surface})`,
  fontSize: vars.size.xs,
  fontWeight: 600,
});

/** The messages scroll inside the pane; few messages sit at the bottom, near the send box. */
export const scroll = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.md,
  background: `linear-gradient(180deg, ${vars.color.background}, color-mix(in srgb, ${vars.color.primary} 5%, ${vars.color.background}))`,
  '@media': { [bp.md]: { padding: `${vars.space.md} ${vars.space.lg}` } },
});
export const earlier = style({
  alignSelf: 'center',
  minHeight: '2.25rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.size.sm,
  marginBottom: vars.space.md,
  background: vars.color.surface,
});
export const log = style({ marginTop: 'auto' });
export const messages = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const day = style({
  alignSelf: 'center',
  margin: `${vars.space.sm} 0`,
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.size.xs,
  fontWeight: 600,
  color: vars.color.muted,
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
});
const side = { display: 'flex', maxWidth: '85%', '@media': { [bp.md]: { maxWidth: '75%' } } } as const;
export const mine = style({ ...side, alignSelf: 'flex-end', justifyContent: 'flex-end' });
export const theirs = style({ ...side, alignSelf: 'flex-start' });
export const bubble = style({
  minWidth: '4.5rem',
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xs}`,
  borderRadius: vars.radius.lg,
  boxShadow: '0 1px 2px rgba(60, 30, 0, 0.08)',
  selectors: {
    [`${mine} > &`]: {
      background: `color-mix(in srgb, ${vars.color.primary} 30%, ${vars.color.surface})`,
      borderBottomRightRadius: vars.radius.sm,
    },
    [`${theirs} > &`]: { background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderBottomLeftRadius: vars.radius.sm },
  },
});
export const mediaBubble = style([bubble, { padding: vars.space.sm, display: 'grid', justifyItems: 'center' }]);
export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.45 });
/** A message a moderator removed: its place stays, said in muted italics. */
export const removed = style([text, { color: vars.color.muted, fontStyle: 'italic', fontSize: vars.size.sm }]);
export const meta = style({
  display: 'flex',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.size.xs,
  color: vars.color.muted,
  lineHeight: 1.6,
});
export const tick = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.2rem',
  selectors: { '&[data-read]': { color: vars.color.secondary } },
});
export const tickIcon = style({ width: '1.1rem', height: '0.75rem' });
export const readText = style({ fontWeight: 700 });
export const gift = style({
  margin: 0,
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md} 0`,
});
export const giftImage = style({ width: '5rem', height: '5rem', display: 'block' });
export const giftName = style({ fontWeight: 700, fontSize: vars.size.sm });
/** A chat photo in its bubble: a fixed frame (no jump when it loads), the whole photo in the viewer. */
export const photo = style({
  display: 'block',
  width: 'min(15rem, 62vw)',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.border,
});

export const empty = style({
  margin: 'auto 0',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  textAlign: 'center',
});
export const emptyTitle = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.size.lg });
export const emptyText = style({ margin: 0, color: vars.color.muted, maxWidth: '26rem' });

export const alert = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: `${vars.space.sm} ${vars.space.md} 0`,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.danger}`,
  background: `color-mix(in srgb, ${vars.color.danger} 9%, ${vars.color.surface})`,
  fontWeight: 600,
  fontSize: vars.size.sm,
});
export const alertText = style({ flex: 1, margin: 0, alignSelf: 'center' });
export const alertClose = style({
  flexShrink: 0,
  width: '2rem',
  height: '2rem',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.muted,
  fontSize: vars.size.lg,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.text, background: vars.color.surface } },
});

const blink = keyframes({
  '0%, 80%, 100%': { opacity: 0.25, transform: 'translateY(0)' },
  '40%': { opacity: 1, transform: 'translateY(-2px)' },
});
/** "Bea typt…" under the messages, with three dots that pulse (still for reduced motion). */
export const typing = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '1.75rem',
  padding: `0 ${vars.space.md}`,
  fontSize: vars.size.xs,
  fontWeight: 600,
  color: vars.color.muted,
  background: `color-mix(in srgb, ${vars.color.primary} 5%, ${vars.color.background})`,
  '@media': { [bp.md]: { padding: `0 ${vars.space.lg}` } },
});
export const dots = style({ display: 'inline-flex', gap: '0.2rem' });
export const dot = style({
  width: '0.4rem',
  height: '0.4rem',
  borderRadius: '50%',
  background: vars.color.secondary,
  animation: `${blink} 1.2s infinite ease-in-out`,
  selectors: { '&:nth-child(2)': { animationDelay: '0.15s' }, '&:nth-child(3)': { animationDelay: '0.3s' } },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.6 } },
});
export const alertLink = style({ color: vars.color.secondary, fontWeight: 700, whiteSpace: 'nowrap' });
export const photoButton = style({
  display: 'block',
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'zoom-in',
  borderRadius: vars.radius.md,
});

/** The small menu beside a received message (report). */
export const menuWrap = style({ position: 'relative', alignSelf: 'center', flexShrink: 0 });
export const menuButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '2rem',
  height: '2rem',
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: vars.color.muted,
  fontSize: '1.25rem',
  lineHeight: 1,
  cursor: 'pointer',
  opacity: 0.55,
  selectors: {
    '&:hover, &:focus-visible, &[aria-expanded="true"]': { opacity: 1, background: vars.color.background, color: vars.color.text },
  },
});
export const menu = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: 5,
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  minWidth: '10rem',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  border: `1px solid ${vars.color.border}`,
});
export const menuItem = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.danger,
  fontWeight: 600,
  fontSize: vars.size.sm,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.background } },
});
