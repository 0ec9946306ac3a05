import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const article = style({
  maxWidth: '52rem',
  width: '100%',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
});
// long words (Dutch "Klachtenprocedure", German and Finnish compounds) break rather than widen a phone's page
const longWords = { overflowWrap: 'break-word', hyphens: 'auto' } as const;
export const title = style({ fontSize: vars.size.xxl, letterSpacing: '-0.02em', ...longWords });
export const intro = style({ fontSize: vars.size.lg, color: vars.color.muted });
export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  marginTop: vars.space.md,
});
export const heading = style({ fontSize: vars.size.lg, margin: `0 0 ${vars.space.sm}`, ...longWords });
export const para = style({ margin: `0 0 ${vars.space.sm}`, ...longWords });
