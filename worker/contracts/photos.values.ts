/**
 * Photos' plain values (limits, upload size and types): zod-free, so the web imports them;
 * contracts/photos.ts re-exports them.
 */

/** Spec sections 1 and 9: free members up to 3 photos, premium members up to 25. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** What the upload field accepts (the server checks the content, whatever the type says). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
