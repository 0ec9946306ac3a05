import { createGlobalTheme } from '@vanilla-extract/css';

/**
 * Spec section 9: primary #f90, a darker secondary, an extra colour for unread messages.
 * `secondary` and `success` colour text: dark enough for 4.5:1 on white and on their own light tints.
 */
export const vars = createGlobalTheme(':root', {
  color: {
    primary: '#ff9900',
    primaryHover: '#f08c00',
    secondary: '#ad5600',
    unread: '#e8336d',
    text: '#1f1a17',
    muted: '#6b625c',
    background: '#fffaf4',
    surface: '#ffffff',
    border: '#eadfd3',
    dark: '#1d1512',
    darkText: '#e9e1da',
    warning: '#f0ad00',
    danger: '#d62d3a',
    success: '#14733e',
    onPrimary: '#1d1512',
  },
  font: {
    body: "'Montserrat', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  size: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.75rem',
    xxl: '2.5rem',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2.5rem',
    xxl: '4rem',
  },
  radius: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  shadow: {
    card: '0 6px 24px rgba(60, 30, 0, 0.08)',
    modal: '0 20px 60px rgba(0, 0, 0, 0.35)',
  },
  width: { content: '1140px', chat: '800px', toast: '350px', modal: '520px' },
});

/** Breakpoints of spec section 9. */
export const bp = {
  sm: 'screen and (min-width: 576px)',
  md: 'screen and (min-width: 768px)',
  lg: 'screen and (min-width: 992px)',
  xl: 'screen and (min-width: 1200px)',
};
