import { eraseDecisionTexts } from '../../domain/reports';
import type { Feature } from '../../lib/feature';
import { exportReports } from './reports.export';
import { eraseReports } from './reports.queries';

/**
 * Reports, decisions and complaints. Erasure keeps what the law asks to keep (the DSA's notices
 * and decisions) without the member in it: their reports lose the reporter, reports about them
 * the quoted content, decisions about them the moderator's note and the object, their complaints
 * the text and the member.
 */
export const reportsFeature: Feature = {
  name: 'reports',
  tables: ['reports', 'decisions', 'complaints'],
  export: exportReports,
  erase: ({ db, memberId }) => [...eraseReports(db, memberId), ...eraseDecisionTexts(db, memberId)],
};
