import { downloadZip } from 'client-zip';
import { Hono } from 'hono';
import { EXPORT_EVERY_MINUTES } from '../../contracts/export';
import type { AppEnv, Bindings } from '../../env';
import { clock } from '../../lib/clock';
import { minutesOf, RateLimited } from '../../lib/errors';
import { exportOf, type ExportPart, type Feature } from '../../lib/feature';
import { takeLimit } from '../../lib/rate-limit';
import { requireMember } from '../../middleware/session';

/** The ZIP's entries one by one: JSON as text, stored files read from R2 only when the ZIP reaches them (one in memory at a time). */
async function* entries(parts: ExportPart[], bucket: Bindings['PHOTOS'], at: Date) {
  for (const part of parts) {
    if ('json' in part) {
      yield { name: part.path, input: JSON.stringify(part.json, null, 2), lastModified: at };
      continue;
    }
    const object = await bucket.get(part.key);
    if (object) yield { name: part.path, input: object.body, size: object.size, lastModified: object.uploaded };
  }
}

/**
 * The data export: what every feature declares (lib/feature.ts `export`), streamed as a ZIP
 * (client-zip stores without compressing: JSON is small, photos are compressed already). Once an
 * hour per member, counted before the work (a failed build still counts: the limit guards the work).
 */
export function exportRoutes(features: readonly Feature[]) {
  return new Hono<AppEnv>().get('/export.php', async (c) => {
    const member = await requireMember(c);
    const db = c.get('db');
    const now = clock.now();
    const wait = await takeLimit(db, `export:${member.id}`, { limit: 1, windowMs: EXPORT_EVERY_MINUTES * 60_000 }, now);
    if (wait !== null) throw new RateLimited('export_too_often', wait, { minutes: minutesOf(wait) });
    const parts = await exportOf(features, { db, env: c.env, memberId: member.id });
    const zip = downloadZip(entries(parts, c.env.PHOTOS, now), { buffersAreUTF8: true });
    const date = now.toISOString().slice(0, 10);
    return new Response(zip.body, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${c.get('tenant').slug}-${date}.zip"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
