// Prints the development admin's current TOTP code: `npx tsx scripts/totp.ts` (or a code of any
// base32 secret: `npx tsx scripts/totp.ts <SECRET>`).
import { devTotpSecret, totpNow } from './dev-operator';

const secret = process.argv[2] ?? devTotpSecret();
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totpNow(secret)}  (valid ${left} s more)`);
