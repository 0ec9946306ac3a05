import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const summary = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  margin: `0 0 ${vars.space.lg}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: `color-mix(in srgb, ${vars.color.primary} 9%, ${vars.color.surface})`,
  border: `1px solid color-mix(in srgb, ${vars.color.primary} 35%, ${vars.color.border})`,
});
export const summaryCredits = style({ margin: 0, fontWeight: 800, fontSize: vars.size.lg });
export const summaryTotal = style({ margin: 0, textAlign: 'right', fontSize: vars.size.xs, color: vars.color.muted, fontWeight: 600 });
export const summaryPrice = style({ display: 'block', fontSize: vars.size.lg, fontWeight: 800, color: vars.color.text });
export const stepTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.size.md });
export const list = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space.sm });
export const option = style({
  width: '100%',
  display: 'grid',
  gridTemplateColumns: '4.5rem 1fr auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'border-color 150ms, background 150ms',
  selectors: {
    '&:hover:not(:disabled), &:focus-visible': {
      borderColor: vars.color.primary,
      background: `color-mix(in srgb, ${vars.color.primary} 6%, ${vars.color.surface})`,
    },
    '&[aria-pressed="true"]': {
      borderColor: vars.color.primary,
      background: `color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface})`,
    },
    '&:disabled': { opacity: 0.6, cursor: 'wait' },
  },
});
/** A method's or bank's logos: first in the row (the grid's first column), after the name in the DOM. */
export const logo = style({
  gridArea: '1 / 1',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  width: '4.5rem',
  height: '2.4rem',
  padding: '3px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const logoImage = style({ display: 'block', maxWidth: '100%', height: '1.7rem', width: 'auto' });
/** Two marks side by side (Visa and Mastercard) share the box. */
export const logoImagePair = style({ display: 'block', height: '1.05rem', width: 'auto' });
export const optionName = style({ gridArea: '1 / 2', display: 'grid', fontWeight: 700 });
export const optionHint = style({ fontWeight: 500, fontSize: vars.size.xs, color: vars.color.muted });
export const chevron = style({ gridArea: '1 / 3', color: vars.color.muted, fontSize: vars.size.lg });
export const actions = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.lg });
export const secure = style({ margin: `${vars.space.lg} 0 0`, fontSize: vars.size.xs, color: vars.color.muted, textAlign: 'center' });
export const back = style({ justifySelf: 'center', fontSize: vars.size.sm, fontWeight: 600, color: vars.color.secondary });
export const spinner = style({
  width: '2.5rem',
  height: '2.5rem',
  margin: `0 auto ${vars.space.md}`,
  borderRadius: '50%',
  border: `4px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${keyframes({ to: { transform: 'rotate(360deg)' } })} 900ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '3s' } },
});

/** The discount: a quiet link to open the field, the applied code with its saving. */
export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.secondary,
  font: 'inherit',
  fontWeight: 700,
  fontSize: vars.size.sm,
  textDecoration: 'underline',
  cursor: 'pointer',
});
export const discountRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.size.sm,
  fontWeight: 700,
  color: vars.color.success,
});
export const discountForm = style({ display: 'grid', gap: vars.space.xs, margin: `0 0 ${vars.space.md}` });
export const discountInput = style({ display: 'flex', gap: vars.space.sm });
export const was = style({
  display: 'block',
  fontSize: vars.size.xs,
  fontWeight: 600,
  color: vars.color.muted,
  textDecoration: 'line-through',
});
export const saving = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.size.sm, fontWeight: 700, color: vars.color.success });
export const discountSlot = style({ margin: `0 0 ${vars.space.md}` });
/** Two fields side by side (street and number, postcode and city), the second narrower. */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 420px)': { gridTemplateColumns: '2fr 1fr' } },
});
