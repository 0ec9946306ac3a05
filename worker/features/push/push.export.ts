import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { ExportContext, ExportPart } from '../../lib/feature';

/** The browsers subscribed to push: site, browser, push service and when (not the keys, which only encrypt). */
export async function exportPush({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const rows = await db
    .select({
      site: pushSubscriptions.site,
      endpoint: pushSubscriptions.endpoint,
      user_agent: pushSubscriptions.userAgent,
      created_at: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));
  return [{ path: 'push-subscriptions.json', json: rows }];
}
