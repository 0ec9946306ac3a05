import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** A count in the unread colour (new likes; later unread messages), shown as 99+ past 99. */
export const countBadge = style({
  display: 'inline-block',
  minWidth: '1.3rem',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: `color-mix(in srgb, ${vars.color.unread} 85%, ${vars.color.dark})`,
  color: vars.color.surface,
  fontSize: vars.size.xs,
  fontWeight: 700,
  lineHeight: '1.3rem',
  textAlign: 'center',
});
