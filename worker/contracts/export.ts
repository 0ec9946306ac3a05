/**
 * GET /api/export.php: the logged-in member's data (GDPR articles 15 and 20) as a ZIP of JSON
 * files and their photo files. No input. Answers `application/zip`, or 429 `export_too_often`
 * with `minutes` until the next one may be made (once every EXPORT_EVERY_MINUTES).
 */
export const EXPORT_EVERY_MINUTES = 60;
export type ExportTooOften = { error: 'export_too_often'; message: string };
