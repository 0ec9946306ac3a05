import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const progress = style({ marginBottom: vars.space.lg });
export const progressText = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.size.xs,
  fontWeight: 700,
  color: vars.color.secondary,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});
export const segments = style({ display: 'grid', gridAutoFlow: 'column', gap: vars.space.xs });
const segment = style({ height: '6px', borderRadius: vars.radius.pill, transition: 'background 300ms' });
export const seg = styleVariants({
  done: [segment, { background: vars.color.primary }],
  todo: [segment, { background: vars.color.border }],
});
export const stepTitle = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.xs}`, outline: 'none' });
export const intro = style({ margin: `0 0 ${vars.space.lg}`, color: vars.color.muted });
export const terms = style({ margin: 0, fontSize: vars.size.xs, color: vars.color.muted });
export const footer = style({ marginTop: vars.space.lg, fontSize: vars.size.sm, textAlign: 'center' });
export const split = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const photoBox = style({
  display: 'grid',
  placeItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.background,
  textAlign: 'center',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-within': { borderColor: vars.color.primary } },
});
export const preview = style({
  width: '160px',
  height: '160px',
  borderRadius: vars.radius.lg,
  objectFit: 'cover',
  boxShadow: vars.shadow.card,
});
export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  width: '96px',
  height: '96px',
  borderRadius: vars.radius.pill,
  background: `color-mix(in srgb, ${vars.color.primary} 16%, ${vars.color.surface})`,
  color: vars.color.secondary,
  fontSize: vars.size.xxl,
});
export const fileInput = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' });
export const chooseText = style({ fontWeight: 700, color: vars.color.secondary });
export const pushArt = style({
  display: 'grid',
  placeItems: 'center',
  margin: `0 auto ${vars.space.md}`,
  width: '72px',
  height: '72px',
  borderRadius: vars.radius.pill,
  background: `color-mix(in srgb, ${vars.color.primary} 16%, ${vars.color.surface})`,
  color: vars.color.secondary,
});
export const email = style({ fontWeight: 700, wordBreak: 'break-all' });
