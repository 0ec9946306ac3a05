import { eq } from 'drizzle-orm';
import { members, photos } from '../../db/schema';
import type { ExportContext, ExportPart } from '../../lib/feature';

const extension = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? 'bin';

/** Every photo's record (a removed one with its statement of reasons), and the display version of each that still has its file. */
export async function exportPhotos({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const [rows, [owner]] = await db.batch([
    db.select().from(photos).where(eq(photos.memberId, memberId)).orderBy(photos.createdAt),
    db.select({ main: members.mainPhotoId }).from(members).where(eq(members.id, memberId)),
  ]);
  const files = rows.filter((p) => p.status !== 'removed').map((p) => ({ photo: p, path: `photos/${p.id}.${extension(p.key)}` }));
  const fileOf = new Map(files.map((f) => [f.photo.id, f.path]));
  const list = rows.map((p) => ({
    id: p.id,
    status: p.status === 'active' ? 'active' : p.status === 'removed' ? 'removed' : 'under_inspection',
    main: p.id === owner?.main,
    uploaded_at: p.createdAt,
    reviewed_at: p.reviewedAt,
    removal_reason: p.removalReason,
    removal_note: p.removalNote,
    width: p.width,
    height: p.height,
    file: fileOf.get(p.id) ?? null,
  }));
  return [{ path: 'photos.json', json: list }, ...files.map((f) => ({ path: f.path, key: f.photo.key }))];
}
