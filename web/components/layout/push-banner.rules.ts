// the rule is shared with the worker (the banners in a member's /members page load)
export { PUSH_BANNER_EXCLUDED_ROUTES, showPushBanner } from '../../../worker/contracts/banners';
