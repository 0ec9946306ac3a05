import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const wrap = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  gap: vars.space.md,
});
export const status = style({
  fontSize: '5rem',
  fontWeight: 700,
  lineHeight: 1,
  // the brand orange on the light background is 2.1:1, below the 3:1 large text needs
  color: vars.color.secondary,
  margin: 0,
});
export const message = style({ fontSize: vars.size.lg, margin: 0 });
