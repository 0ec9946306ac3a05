import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrap = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  color: '#fff',
  background: `radial-gradient(circle at 50% 0%, rgba(255,153,0,0.5), transparent 60%), linear-gradient(180deg, #2a1810, #1d1512)`,
});
export const inner = style({ maxWidth: '40rem' });
export const title = style({ fontSize: 'clamp(1.8rem, 5vw, 3rem)', letterSpacing: '-0.02em' });
export const text = style({ fontSize: vars.size.lg, opacity: 0.9, marginBottom: vars.space.xl });
