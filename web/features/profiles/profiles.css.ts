import { style } from '@vanilla-extract/css';
import { badge } from '../../components/ui/page.css';
import { bp, vars } from '../../styles/theme.css';

/** The profile screens' own pieces; the page frame, headings and badges are shared (components/ui/page.css). */
export { avatar, badge, card, fictional, heading, narrow, page, text, title } from '../../components/ui/page.css';
export const subheading = style({ fontSize: vars.size.md, margin: `${vars.space.sm} 0 0`, color: vars.color.secondary });
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
export const toggle = style([
  chip,
  {
    cursor: 'pointer',
    selectors: {
      '&[aria-pressed="true"]': {
        borderColor: vars.color.primary,
        background: `color-mix(in srgb, ${vars.color.primary} 16%, ${vars.color.surface})`,
      },
      '&:hover:not(:disabled)': { borderColor: vars.color.primary },
      '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
    },
  },
]);
export const warningBadge = style([badge, { background: vars.color.warning, color: vars.color.text }]);
export const back = style({ justifySelf: 'start', fontWeight: 600, color: vars.color.secondary });
export const formTop = style({ marginTop: vars.space.md });
/** Two selects a row from 576 px. */
export const pairs = style({ display: 'grid', gap: vars.space.md, '@media': { [bp.sm]: { gridTemplateColumns: '1fr 1fr' } } });
