import { eq, or, sql } from 'drizzle-orm';
import { auditLog, fictionalPersonas } from '../../db/schema';
import type { Feature } from '../../lib/feature';
import { dropExpiredSetupTokens } from './credentials.queries';

/**
 * The console's records of a member: the audit log keeps that an operator acted, and when, but
 * at erasure loses which member and what they looked like (object id, before, after); a persona
 * note (fictional profiles only) goes. Neither is in the export: they are the operators' records
 * of their own work (the outcome the member sees, such as a removed photo's statement of reasons,
 * is in the photos part).
 */
export const operatorFeature: Feature = {
  name: 'operator',
  tables: ['audit_log', 'fictional_personas'],
  erase: ({ db, memberId }) => {
    const id = String(memberId);
    const names = or(
      sql`${auditLog.objectType} = 'member' AND ${auditLog.objectId} = ${id}`,
      sql`${auditLog.objectId} IN (SELECT id FROM photos WHERE member_id = ${memberId})`,
      sql`json_extract(${auditLog.before}, '$.member') = ${memberId}`,
      sql`json_extract(${auditLog.after}, '$.member') = ${memberId}`,
    );
    return [
      db.update(auditLog).set({ objectId: 'erased', before: null, after: null }).where(names),
      db.delete(fictionalPersonas).where(eq(fictionalPersonas.memberId, memberId)),
    ];
  },
  jobs: [{ name: 'operator-setup-links', schedule: 'daily', run: ({ db, now }) => dropExpiredSetupTokens(db, now) }],
};
