import { style } from '@vanilla-extract/css';
import { brand } from '../../components/layout/top-nav.css';
import { vars } from '../../styles/theme.css';

export const main = style({ flex: 1, display: 'flex', flexDirection: 'column' });
export const logoBar = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.md,
  background: vars.color.dark,
});
export const chat = style({ flex: 1, width: '100%', maxWidth: vars.width.chat, margin: '0 auto' });
export const logoLink = style([brand, { marginRight: 0 }]);
