import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The gift picker and the icebreaker: choices in a modal, each showing its price. */
export const intro = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.muted, fontSize: vars.size.sm });
export const gifts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
const choice = style({
  width: '100%',
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  transition: 'border-color 150ms, background 150ms, transform 150ms',
  selectors: {
    '&:hover:not(:disabled), &:focus-visible': {
      borderColor: vars.color.primary,
      background: `color-mix(in srgb, ${vars.color.primary} 7%, ${vars.color.surface})`,
    },
    '&:disabled': { opacity: 0.6, cursor: 'wait' },
  },
});
export const giftButton = style([
  choice,
  {
    display: 'grid',
    justifyItems: 'center',
    gap: vars.space.xs,
    height: '100%',
    padding: `${vars.space.md} ${vars.space.xs}`,
    selectors: { '&:hover:not(:disabled)': { transform: 'translateY(-2px)' } },
  },
]);
export const giftImage = style({ width: '3.75rem', height: '3.75rem', display: 'block' });
export const giftName = style({ fontWeight: 700, fontSize: vars.size.sm, lineHeight: 1.2, textAlign: 'center' });
const pill = style({
  flexShrink: 0,
  padding: `0.1rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.size.xs,
  fontWeight: 700,
  whiteSpace: 'nowrap',
});
export const giftPrice = style([pill, { background: `color-mix(in srgb, ${vars.color.primary} 20%, ${vars.color.surface})` }]);
export const lines = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const line = style([
  choice,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.md,
    padding: `${vars.space.sm} ${vars.space.md}`,
    textAlign: 'left',
  },
]);
export const lineText = style({ fontSize: vars.size.sm, lineHeight: 1.4 });
export const linePrice = style([pill, { background: `color-mix(in srgb, ${vars.color.primary} 20%, ${vars.color.surface})` }]);
export const lineFree = style([
  pill,
  { background: `color-mix(in srgb, ${vars.color.success} 15%, ${vars.color.surface})`, color: vars.color.success },
]);
export const cost = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.size.xs, color: vars.color.muted });
export const footer = style({ display: 'flex', justifyContent: 'flex-end', marginTop: vars.space.md });

/** The premium alert: what premium brings, then the way there. */
export const benefits = style({
  margin: `0 0 ${vars.space.lg}`,
  paddingLeft: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
  fontWeight: 600,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
