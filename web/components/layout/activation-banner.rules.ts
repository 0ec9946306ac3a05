// the rule is shared with the worker (the banners in a member's /members page load)
export { ACTIVATION_BANNER_EXCLUDED_ROUTES, showActivationReminder } from '../../../worker/contracts/banners';
