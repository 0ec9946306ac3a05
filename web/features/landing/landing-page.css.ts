import { style } from '@vanilla-extract/css';
import { bp, vars } from '../../styles/theme.css';

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  // the phone's art sits behind the text (z-index -1) but above the hero's background
  isolation: 'isolate',
  color: '#fff',
  // the site's colours (issue 33): its primary and accent glowing on its dark
  background: `radial-gradient(circle at 85% 15%, color-mix(in srgb, ${vars.color.primary} 55%, transparent), transparent 45%),
    radial-gradient(circle at 10% 90%, color-mix(in srgb, ${vars.color.accent} 45%, transparent), transparent 50%),
    linear-gradient(135deg, color-mix(in srgb, ${vars.color.dark} 88%, ${vars.color.primary}) 0%, ${vars.color.dark} 55%, color-mix(in srgb, ${vars.color.dark} 80%, ${vars.color.accent}) 100%)`,
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
/** The niche's art: beside the text from 992 px; on a phone a faint drawing behind the headline's corner (no space of its own: no shift). */
export const art = style({
  position: 'absolute',
  top: `calc(-1 * ${vars.space.xl})`,
  right: `calc(-1 * ${vars.space.lg})`,
  width: '170px',
  opacity: 0.3,
  zIndex: -1,
  pointerEvents: 'none',
  '@media': {
    [bp.lg]: { position: 'static', opacity: 1, display: 'block', width: '100%', maxWidth: '420px', justifySelf: 'end' },
  },
});
export const artCardBack = style({ fill: 'rgba(255,255,255,0.08)', stroke: 'rgba(255,255,255,0.25)' });
export const artCardFront = style({ fill: 'rgba(255,255,255,0.12)', stroke: 'rgba(255,255,255,0.3)' });
export const artBarStrong = style({ fill: 'rgba(255,255,255,0.6)' });
export const artBar = style({ fill: 'rgba(255,255,255,0.35)' });
export const artPrimary = style({ fill: vars.color.primary });
export const artAccent = style({ fill: vars.color.accent });
export const artDark = style({ fill: vars.color.dark });
export const artLight = style({ fill: 'rgba(255,255,255,0.9)' });
export const artLine = style({ fill: 'none', stroke: 'rgba(255,255,255,0.7)', strokeWidth: 4, strokeLinecap: 'round' });
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
  background: vars.color.tint,
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
