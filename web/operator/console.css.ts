import { globalStyle, style } from '@vanilla-extract/css';
import { bp, vars } from '../styles/theme.css';

globalStyle('body', { background: '#f6f2ee' });

export const bar = style({
  background: vars.color.dark,
  color: vars.color.darkText,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  '@media': { [bp.md]: { padding: `${vars.space.sm} ${vars.space.lg}`, gap: vars.space.lg } },
});
export const brand = style({
  fontWeight: 700,
  fontSize: vars.size.lg,
  color: '#fff',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginRight: 'auto',
});
export const dot = style({
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: '50%',
  background: vars.color.primary,
  display: 'inline-block',
});
export const nav = style({
  order: 3,
  width: '100%',
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  '@media': { [bp.md]: { order: 0, width: 'auto' } },
});
export const tab = style({
  color: vars.color.darkText,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: vars.size.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: 'rgba(255,255,255,0.1)' },
    '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary },
  },
});
export const who = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.size.sm });
export const role = style({
  fontSize: vars.size.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: '1px solid rgba(255,255,255,0.35)',
});
export const logout = style({
  background: 'transparent',
  border: '1px solid rgba(255,255,255,0.35)',
  color: '#fff',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
  cursor: 'pointer',
  fontWeight: 600,
  fontSize: vars.size.sm,
  minHeight: '36px',
});

export const main = style({
  width: '100%',
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [bp.md]: { padding: vars.space.xl } },
});
export const head = style({ display: 'grid', gap: vars.space.xs });
export const title = style({ fontSize: vars.size.xl, margin: 0, letterSpacing: '-0.01em' });
export const intro = style({ margin: 0, color: vars.color.muted });
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  '@media': { [bp.md]: { padding: vars.space.lg } },
});
export const counter = style({
  justifySelf: 'start',
  fontWeight: 700,
  fontSize: vars.size.sm,
  color: vars.color.secondary,
  background: '#fff1de',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.xs} ${vars.space.md}`,
});

// login
export const loginPage = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: `linear-gradient(160deg, ${vars.color.dark} 0%, #3a2416 100%)`,
});
export const loginCard = style([card, { width: '100%', maxWidth: '26rem', display: 'grid', gap: vars.space.md }]);

// moderation
export const queue = style({ display: 'grid', gap: vars.space.lg, margin: 0, padding: 0, listStyle: 'none' });
export const item = style([
  card,
  { display: 'grid', gap: vars.space.md, '@media': { [bp.md]: { gridTemplateColumns: 'minmax(0, 320px) minmax(0, 1fr)' } } },
]);
// the whole photo, never cropped: a moderator must see all of it
export const photo = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '1',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  background: '#2a211c',
  display: 'block',
});
export const side = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start' });
export const memberName = style({ fontSize: vars.size.lg, margin: 0 });
export const meta = style({ margin: 0, fontSize: vars.size.sm, color: vars.color.muted });
export const others = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const other = style({ position: 'relative' });
export const thumb = style({
  width: '72px',
  height: '72px',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  display: 'block',
  background: vars.color.background,
});
export const mini = style({
  position: 'absolute',
  left: '2px',
  bottom: '2px',
  fontSize: '0.625rem',
  fontWeight: 700,
  background: vars.color.success,
  color: '#fff',
  borderRadius: vars.radius.pill,
  padding: '0 4px',
});
export const decide = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const removeForm = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: '#fff5f5',
  border: `1px solid ${vars.color.danger}`,
});
export const done = style({ fontWeight: 700 });
export const doneOk = style([done, { color: vars.color.success }]);
export const doneRemoved = style([done, { color: vars.color.danger }]);

// tables (operators, audit): cards on a phone, a table from md up
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.size.sm });
globalStyle(`${table} th`, {
  textAlign: 'left',
  color: vars.color.muted,
  fontWeight: 600,
  padding: vars.space.sm,
  borderBottom: `2px solid ${vars.color.border}`,
});
globalStyle(`${table} td`, { padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
globalStyle(`${table} thead`, { '@media': { 'screen and (max-width: 767px)': { display: 'none' } } });
globalStyle(`${table} tr`, {
  '@media': {
    'screen and (max-width: 767px)': { display: 'grid', padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` },
  },
});
globalStyle(`${table} td`, { '@media': { 'screen and (max-width: 767px)': { border: 0, padding: `2px 0` } } });
export const cellLabel = style({
  display: 'inline',
  fontWeight: 600,
  color: vars.color.muted,
  marginRight: vars.space.xs,
  '@media': { [bp.md]: { display: 'none' } },
});
export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.size.xs,
  wordBreak: 'break-all',
  whiteSpace: 'pre-wrap',
});
export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  alignItems: 'end',
  '@media': { [bp.lg]: { gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))' } },
});
globalStyle(`${filters} input, ${filters} select`, { minWidth: 0, width: '100%' });
export const filterActions = style({ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const secret = style([
  code,
  { display: 'block', padding: vars.space.sm, background: vars.color.background, borderRadius: vars.radius.sm, fontSize: vars.size.sm },
]);
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
export const muted = style({ color: vars.color.muted });
export const loginBrand = style([brand, { color: vars.color.text }]);
