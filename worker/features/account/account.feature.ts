import type { Feature } from '../../lib/feature';
import { exportAccount } from './account.export';
import { dropOldClientCounters, eraseAccountData } from './account.queries';
import { purgeDeletedAccounts } from './purge';

export const accountFeature: Feature = {
  name: 'account',
  tables: ['members', 'sessions', 'account_tokens', 'mail_outbox', 'rate_limits'],
  export: exportAccount,
  erase: ({ db, memberId }) => eraseAccountData(db, memberId),
  jobs: [
    { name: 'purge-deleted-accounts', schedule: 'daily', run: purgeDeletedAccounts },
    // the limits per client and the lockout keep connecting addresses (in keys) a day at most
    { name: 'drop-old-client-counters', schedule: 'daily', run: ({ db, now }) => dropOldClientCounters(db, now) },
  ],
};
