import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  border: '2px solid transparent',
  borderRadius: vars.radius.pill,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontWeight: 700,
  fontSize: vars.size.md,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background 150ms, color 150ms, border-color 150ms',
  minHeight: '44px',
});

export const button = styleVariants({
  primary: [
    base,
    { background: vars.color.primary, color: vars.color.onPrimary, selectors: { '&:hover': { background: vars.color.primaryHover } } },
  ],
  outline: [
    base,
    {
      background: 'transparent',
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover': { borderColor: vars.color.primary } },
    },
  ],
  light: [
    base,
    {
      background: 'rgba(255,255,255,0.12)',
      color: '#fff',
      borderColor: 'rgba(255,255,255,0.5)',
      selectors: { '&:hover': { background: 'rgba(255,255,255,0.22)' } },
    },
  ],
  large: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      fontSize: vars.size.lg,
      padding: `${vars.space.md} ${vars.space.xl}`,
      boxShadow: '0 8px 24px rgba(255,153,0,0.35)',
      selectors: { '&:hover': { background: vars.color.primaryHover } },
    },
  ],
});

export const danger = style([
  base,
  { background: vars.color.danger, color: vars.color.surface, selectors: { '&:hover': { filter: 'brightness(0.92)' } } },
]);
/** A quiet text-style button, e.g. "Skip". */
export const quiet = style([
  base,
  { background: 'transparent', color: vars.color.muted, selectors: { '&:hover': { color: vars.color.text } } },
]);
export const block = style({ width: '100%' });
export const disabledState = style({ selectors: { '&:disabled': { opacity: 0.6, cursor: 'wait' } } });
