import { DELETION_GRACE_DAYS } from '../../contracts/account';
import { erasureOf, type JobContext } from '../../lib/feature';
import { anonymise, dueForErasure } from './account.queries';

/**
 * Erases the personal data of accounts deleted more than 14 days ago (run daily). The row stays,
 * anonymised, so ledger and payment records keep their member id; every feature's own data of
 * the member goes in the same batch, as each feature declares (lib/feature.ts). What providers
 * hold (the payment customers) is deleted there by the payments feature's own job afterwards.
 */
export async function purgeDeletedAccounts({ db, env, now, features }: JobContext) {
  const due = await dueForErasure(db, new Date(now.getTime() - DELETION_GRACE_DAYS * 86400_000));
  let erased = 0;
  for (const { id } of due) {
    // one member's failure (a file store that does not answer) leaves that member for the next run, not the others
    try {
      const statements = await erasureOf(features, { db, env, memberId: id });
      await db.batch([anonymise(db, id, now), ...statements]);
      erased++;
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', message: 'erasure failed, tried again at the next run', member: id, error: String(error) }),
      );
    }
  }
  return erased;
}
