import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/** Shared by the members-area screens: the page frame, a card, headings, chips and badges. */
export const page = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  display: 'grid',
  gap: vars.space.lg,
  alignContent: 'start',
  '@media': { [bp.md]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}` } },
});
export const narrow = style({ maxWidth: '48rem' });
export const title = style({ fontSize: vars.size.xl, margin: 0, letterSpacing: '-0.01em' });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  minWidth: 0,
  '@media': { [bp.sm]: { padding: vars.space.lg } },
});
export const heading = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.xs}` });
export const subheading = style({ fontSize: vars.size.md, margin: `${vars.space.sm} 0 0`, color: vars.color.secondary });
export const text = style({ margin: 0, color: vars.color.muted });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.25rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.size.sm,
  fontWeight: 600,
});
export const toggle = style([chip, {
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, background: `color-mix(in srgb, ${vars.color.primary} 16%, ${vars.color.surface})` },
    '&:hover:not(:disabled)': { borderColor: vars.color.primary },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
  },
}]);
export const badge = style({
  display: 'inline-block',
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.size.xs,
  fontWeight: 700,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});
export const warningBadge = style([badge, { background: vars.color.warning, color: vars.color.text }]);
export const fictional = style([badge, {
  background: vars.color.dark,
  color: vars.color.darkText,
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
}]);
export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  background: `linear-gradient(135deg, color-mix(in srgb, ${vars.color.primary} 35%, ${vars.color.surface}), ${vars.color.secondary})`,
  color: vars.color.surface,
  fontSize: vars.size.xxl,
  fontWeight: 700,
});
export const back = style({ justifySelf: 'start', fontWeight: 600, color: vars.color.secondary });
export const formTop = style({ marginTop: vars.space.md });
/** Two selects a row from 576 px. */
export const pairs = style({ display: 'grid', gap: vars.space.md, '@media': { [bp.sm]: { gridTemplateColumns: '1fr 1fr' } } });
