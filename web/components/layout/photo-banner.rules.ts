// the rule is shared with the worker (the banners in a member's /members page load)
export { PHOTO_BANNER_EXCLUDED_ROUTES, showPhotoBanner } from '../../../worker/contracts/banners';
