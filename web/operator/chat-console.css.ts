import { globalStyle, style } from '@vanilla-extract/css';
import { bp, vars } from '../styles/theme.css';
import { card } from './console.css';

// queue
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'end' });
globalStyle(`${toolbar} select`, { minWidth: '9rem' });
export const live = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.size.xs,
  fontWeight: 700,
  color: vars.color.success,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  marginLeft: 'auto',
  alignSelf: 'center',
});
export const liveDot = style({
  width: '0.5rem',
  height: '0.5rem',
  borderRadius: '50%',
  background: vars.color.success,
  boxShadow: '0 0 0 3px rgba(20,115,62,0.18)',
});
export const offline = style({ color: vars.color.muted });
export const list = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const row = style([
  card,
  {
    display: 'grid',
    gap: vars.space.sm,
    alignItems: 'center',
    '@media': { [bp.md]: { gridTemplateColumns: 'minmax(0, 14rem) minmax(0, 1fr) auto', padding: `${vars.space.md} ${vars.space.lg}` } },
  },
]);
export const who = style({ display: 'grid', gap: '2px' });
export const name = style({ margin: 0, fontSize: vars.size.md, fontWeight: 700 });
export const small = style({ margin: 0, fontSize: vars.size.xs, color: vars.color.muted });
export const preview = style({ margin: 0, fontSize: vars.size.sm, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const rowEnd = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' });
export const badge = style({
  fontSize: vars.size.xs,
  fontWeight: 700,
  borderRadius: vars.radius.pill,
  padding: `2px ${vars.space.sm}`,
  background: '#fff1de',
  color: vars.color.secondary,
});
export const lockBadge = style([badge, { background: '#f1ece8', color: vars.color.muted }]);
export const fictionalBadge = style([badge, { background: '#fde7ee', color: '#a0204a' }]);

// answering screen: member | conversation | profile and notes
export const screen = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [bp.lg]: { gridTemplateColumns: 'minmax(0, 15rem) minmax(0, 1fr) minmax(0, 17rem)' } },
});
export const panel = style([
  card,
  { display: 'grid', gap: vars.space.sm, alignContent: 'start', '@media': { [bp.md]: { padding: vars.space.md } } },
]);
export const panelTitle = style({
  margin: 0,
  fontSize: vars.size.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  color: vars.color.muted,
});
export const big = style({ margin: 0, fontSize: vars.size.lg });
export const about = style({ margin: 0, fontSize: vars.size.sm, whiteSpace: 'pre-wrap' });
export const note = style({
  margin: 0,
  fontSize: vars.size.sm,
  whiteSpace: 'pre-wrap',
  background: '#fffaf0',
  borderLeft: `3px solid ${vars.color.primary}`,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
});
export const thumbs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const thumb = style({
  width: '64px',
  height: '64px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.background,
});
export const thumbButton = style({
  padding: 0,
  border: '2px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'none',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { borderColor: vars.color.primary } },
});
export const thread = style([card, { display: 'grid', gap: vars.space.sm, padding: vars.space.md, alignContent: 'start' }]);
export const threadHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const messages = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: `${vars.space.sm} 0`,
  listStyle: 'none',
  maxHeight: '55vh',
  overflowY: 'auto',
});
const bubble = {
  maxWidth: '80%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  fontSize: vars.size.sm,
  whiteSpace: 'pre-wrap' as const,
  overflowWrap: 'anywhere' as const,
};
export const fromMember = style({ ...bubble, justifySelf: 'start', background: '#f1ece8' });
export const fromFictional = style({ ...bubble, justifySelf: 'end', background: vars.color.primary, color: vars.color.onPrimary });
/** A message a moderator removed: its place in the thread, in muted italics. */
export const removed = style({ opacity: 0.8 });
export const time = style({ display: 'block', fontSize: '0.6875rem', opacity: 0.7, marginTop: '2px' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const chip = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.size.xs,
  cursor: 'pointer',
  textAlign: 'left',
  maxWidth: '100%',
  selectors: { '&:hover, &:focus-visible': { borderColor: vars.color.primary, background: '#fff7ea' } },
});
export const compose = style({ display: 'grid', gap: vars.space.sm });
export const composeRow = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const noteList = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const giftImg = style({ width: '1.5rem', height: '1.5rem', verticalAlign: 'middle' });

// figures
export const chart = style({ width: '100%', height: 'auto', display: 'block' });
export const legend = style({ display: 'flex', gap: vars.space.md, fontSize: vars.size.xs, color: vars.color.muted, flexWrap: 'wrap' });
export const swatch = style({
  display: 'inline-block',
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: '3px',
  marginRight: vars.space.xs,
  verticalAlign: 'middle',
});
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const scroll = style({ overflowX: 'auto' });
