// the rule is shared with the worker (the banners in a member's /members page load)
export { DISABLED_BANNER_EXCLUDED_ROUTES, showDisabledBanner } from '../../../worker/contracts/banners';
