import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const banner = style({
  background: `color-mix(in srgb, ${vars.color.warning} 18%, ${vars.color.surface})`,
  borderBottom: `1px solid color-mix(in srgb, ${vars.color.warning} 45%, ${vars.color.surface})`,
});
export const inner = style({
  width: '100%',
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  fontSize: vars.size.sm,
  '@media': { [bp.md]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' } },
});
export const text = style({ margin: 0, fontWeight: 600 });
/** A banner of one row at every width (the photo banner): the text, then its action and close. */
export const oneLine = style({
  flexDirection: 'row',
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingBlock: vars.space.xs,
  '@media': { 'screen and (max-width: 575px)': { gap: vars.space.xs, paddingInline: vars.space.sm } },
});
/** The action of a one-row banner: narrower on a phone. */
export const oneLineAction = style({ '@media': { 'screen and (max-width: 575px)': { paddingInline: vars.space.sm } } });
/** The short text below 768 px, the full one from there. */
export const short = style({ '@media': { [bp.md]: { display: 'none' } } });
export const long = style({ display: 'none', '@media': { [bp.md]: { display: 'inline' } } });
export const action = style({
  minHeight: '36px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.size.sm,
  alignSelf: 'flex-start',
  flexShrink: 0,
  '@media': { [bp.md]: { alignSelf: 'center' } },
});
export const done = style({ margin: 0, fontWeight: 700, color: vars.color.success, flexShrink: 0 });
export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexShrink: 0 });
export const close = style({
  width: '2.25rem',
  height: '2.25rem',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.size.lg,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: `color-mix(in srgb, ${vars.color.warning} 30%, ${vars.color.surface})` } },
});

/**
 * A close button in the banner's top right corner (a banner whose text wraps on a phone: the
 * activation reminder, the welcome bonus); the text keeps clear of it.
 */
export const corner = style({ position: 'absolute', top: vars.space.xs, right: vars.space.xs });
/** The inner row of a banner with a corner close button: room on the right for it. */
export const withCorner = style({ position: 'relative', paddingRight: '3rem' });
/** On the dark welcome bonus: the close button in the banner's text colour. */
export const onDark = style({ color: 'inherit', selectors: { '&:hover, &:focus-visible': { background: 'rgba(255, 255, 255, 0.16)' } } });

/** The welcome bonus: the brand's gradient, a countdown in tabular figures. */
export const bonus = style({
  background: `linear-gradient(90deg, ${vars.color.dark}, color-mix(in srgb, ${vars.color.secondary} 70%, ${vars.color.dark}))`,
  color: '#fff',
});
export const clock = style({
  display: 'inline-block',
  marginLeft: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: 'rgba(255, 255, 255, 0.16)',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 800,
  letterSpacing: '0.03em',
});

/** One-row banners keep this height at least, the space the layout reserves for them before their chunk arrives (banner-space.tsx). */
export const RESERVED_ROW = '3rem';
export const reserved = style({
  minHeight: RESERVED_ROW,
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
});
/** A banner's own failure, under its text. */
export const failure = style({ display: 'block', flexBasis: '100%', marginTop: vars.space.xs, fontWeight: 600, color: vars.color.danger });
/** A banner text led by a small icon (the push alert's bell). */
export const withIcon = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const icon = style({ flexShrink: 0, color: vars.color.secondary });
