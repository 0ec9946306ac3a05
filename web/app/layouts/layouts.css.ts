import { style } from '@vanilla-extract/css';
import { brand } from '../../components/layout/top-nav.css';
import { vars } from '../../styles/theme.css';

/**
 * While a lazy screen loads the outlet renders nothing: the empty main then keeps the footer below
 * the fold, so the screen's arrival moves nothing on screen (it was the landing page's 0.64 CLS).
 */
export const main = style({ flex: 1, display: 'flex', flexDirection: 'column', selectors: { '&:empty': { minHeight: '100vh' } } });
export const logoBar = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.md,
  background: vars.color.dark,
});
/** The chat fills the window below the navigation; its panes scroll inside (the chat column stays at most 800 px). */
export const chatFrame = style({ display: 'flex', flexDirection: 'column', height: ['100vh', '100dvh'] });
export const chat = style({ flex: 1, minHeight: 0, width: '100%', display: 'flex', flexDirection: 'column' });
export const logoLink = style([brand, { marginRight: 0 }]);
