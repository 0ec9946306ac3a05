import type { Feature } from '../../lib/feature';
import { eraseAccountData } from './account.queries';
import { purgeDeletedAccounts } from './purge';

export const accountFeature: Feature = {
  name: 'account',
  erase: ({ db, memberId }) => eraseAccountData(db, memberId),
  jobs: [{ name: 'purge-deleted-accounts', schedule: 'daily', run: purgeDeletedAccounts }],
};
