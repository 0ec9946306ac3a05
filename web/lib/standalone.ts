/** The site runs as the installed app (spec section 2: its back button and footer). */
export const isStandalone = () => typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
