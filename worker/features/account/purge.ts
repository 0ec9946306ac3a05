import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { accountTokens, blocks, likes, mailOutbox, members, photos, sessions, swipePasses } from '../../db/schema';
import type { Db } from '../../lib/db';
import { DELETION_GRACE_DAYS } from './links.routes';

/**
 * Erases the personal data of accounts deleted more than 14 days ago (run daily by the Cron
 * Trigger). The row stays, anonymised, so ledger and payment records keep their member id.
 */
export async function purgeDeletedAccounts(db: Db, bucket: R2Bucket, now: Date) {
  const cutoff = new Date(now.getTime() - DELETION_GRACE_DAYS * 86400_000).toISOString();
  const due = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.status, 'deleted'), isNull(members.erasedAt), lt(members.deletedAt, cutoff)));
  for (const m of due) {
    const keys = (await db.select({ key: photos.key }).from(photos).where(eq(photos.memberId, m.id))).map((p) => p.key);
    // photo files first: a failure then leaves rows to retry with, never files without rows
    if (keys.length) await bucket.delete(keys);
    await db.batch([
      db
        .update(members)
        .set({
          email: `erased-${m.id}@erased.invalid`,
          name: 'Erased',
          passwordHash: null,
          birthDate: '1900-01-01',
          region: null,
          city: null,
          aboutMe: null,
          sexuality: null,
          gender: 'male',
          country: 'XX',
          interests: '[]',
          hairColour: null,
          eyeColour: null,
          bodyType: null,
          relationshipStatus: null,
          tattoos: null,
          signupReason: null,
          notificationsDisabled: '[]',
          mainPhotoId: null,
          trackingNetwork: null,
          trackingRef: null,
          trackingSub1: null,
          trackingSub2: null,
          trackingSub3: null,
          erasedAt: now.toISOString(),
        })
        .where(eq(members.id, m.id)),
      db.delete(sessions).where(eq(sessions.memberId, m.id)),
      db.delete(accountTokens).where(eq(accountTokens.memberId, m.id)),
      db.delete(photos).where(eq(photos.memberId, m.id)),
      // mails carry the address, the name and links: they go too
      db.delete(mailOutbox).where(eq(mailOutbox.memberId, m.id)),
      db.delete(blocks).where(or(eq(blocks.blockerId, m.id), eq(blocks.blockedId, m.id))),
      db.delete(likes).where(or(eq(likes.likerId, m.id), eq(likes.likedId, m.id))),
      db.delete(swipePasses).where(or(eq(swipePasses.memberId, m.id), eq(swipePasses.passedId, m.id))),
    ]);
  }
  return due.length;
}
