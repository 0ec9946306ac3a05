import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

/** The payment screens: a hero with the balance, benefits and promises, the checkout steps. */
export const hero = style({
  display: 'grid',
  gap: vars.space.sm,
  textAlign: 'center',
  justifyItems: 'center',
  padding: `${vars.space.md} 0`,
});
export const heroText = style({ margin: 0, maxWidth: '40rem', color: vars.color.muted, fontSize: vars.size.md });
export const balance = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: vars.size.sm,
});
export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
  fontSize: vars.size.sm,
  fontWeight: 600,
});
export const link = style({ color: vars.color.secondary });

export const columns = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [bp.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const box = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
});
export const boxTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.size.lg });
export const checks = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space.sm });
export const check = style({
  display: 'grid',
  gridTemplateColumns: '1.5rem 1fr',
  gap: vars.space.sm,
  alignItems: 'start',
  fontWeight: 600,
  selectors: {
    '&::before': {
      content: '"✓"',
      display: 'grid',
      placeItems: 'center',
      width: '1.5rem',
      height: '1.5rem',
      borderRadius: '50%',
      background: `color-mix(in srgb, ${vars.color.success} 15%, ${vars.color.surface})`,
      color: vars.color.success,
      fontSize: vars.size.sm,
      fontWeight: 800,
    },
  },
});
export const promise = style({ display: 'grid', gap: '0.1rem' });
export const promiseText = style({ fontWeight: 400, color: vars.color.muted, fontSize: vars.size.sm });
export const premiumBadge = style({
  display: 'inline-block',
  padding: `0.2rem ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.secondary})`,
  color: '#fff',
  fontWeight: 800,
  fontSize: vars.size.sm,
});
export const sectionTitle = style({ margin: `${vars.space.md} 0 ${vars.space.sm}`, fontSize: vars.size.lg, textAlign: 'center' });
