import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  color: '#fff',
  background: `radial-gradient(circle at 85% 15%, rgba(255,153,0,0.55), transparent 45%),
    radial-gradient(circle at 10% 90%, rgba(232,51,109,0.45), transparent 50%),
    linear-gradient(135deg, #2a1810 0%, #1d1512 55%, #3a1a22 100%)`,
  padding: `${vars.space.xxl} ${vars.space.md}`,
  '@media': { [bp.lg]: { padding: `7rem ${vars.space.md}` } },
});
export const heroInner = style({
  position: 'relative',
  maxWidth: vars.width.content,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [bp.lg]: { gridTemplateColumns: '1.2fr 1fr' } },
});
export const title = style({
  fontSize: 'clamp(2rem, 6vw, 3.4rem)',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  margin: `0 0 ${vars.space.md}`,
});
export const lead = style({ fontSize: vars.size.lg, opacity: 0.9, margin: `0 0 ${vars.space.lg}`, maxWidth: '36rem' });
export const adults = style({ fontSize: vars.size.sm, opacity: 0.7, marginTop: vars.space.md });
export const art = style({
  display: 'none',
  '@media': { [bp.lg]: { display: 'block', width: '100%', maxWidth: '420px', justifySelf: 'end' } },
});
export const section = style({
  maxWidth: vars.width.content,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  width: '100%',
});
export const sectionTitle = style({ fontSize: vars.size.xl, textAlign: 'center', marginBottom: vars.space.xl });
export const steps = style({
  display: 'grid',
  gap: vars.space.lg,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': { [bp.md]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
});
export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  marginBottom: vars.space.md,
});
export const cardTitle = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.sm}` });
export const cardText = style({ margin: 0, color: vars.color.muted });
export const trustBand = style({
  background: '#fff3e0',
  borderTop: `1px solid ${vars.color.border}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const trustList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.md,
  '@media': { [bp.md]: { gridTemplateColumns: 'repeat(2, 1fr)' } },
});
export const trustItem = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', fontWeight: 600 });
export const check = style({ flexShrink: 0, width: '24px', height: '24px', color: vars.color.success });
export const ctaRow = style({ textAlign: 'center', marginTop: vars.space.xl });
/** Holds the button's height while the session loads, so the hero does not jump. */
export const actionSpace = style({ minHeight: '60px' });
