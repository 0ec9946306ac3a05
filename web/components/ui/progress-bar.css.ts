import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const grow = keyframes({ from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(0.9)' } });

export const bar = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: '3px',
  zIndex: 2000,
  background: vars.color.primary,
  boxShadow: `0 0 8px ${vars.color.primary}`,
  transformOrigin: 'left',
  pointerEvents: 'none',
});
/** Spec section 9: duration 5 s. */
export const running = style({ animation: `${grow} 5s cubic-bezier(0.1, 0.7, 0.3, 1) forwards` });
export const done = style({ transform: 'scaleX(1)', opacity: 0, transition: 'transform 200ms, opacity 300ms 200ms' });
