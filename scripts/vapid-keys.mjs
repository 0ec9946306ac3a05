// node scripts/vapid-keys.mjs — a VAPID key pair for a deployment: the public key goes into
// wrangler.toml (VAPID_PUBLIC_KEY), the private key is a secret (wrangler secret put VAPID_PRIVATE_KEY).
// A new pair invalidates every browser's subscription (they subscribe again on their next visit).
import { vapidKeyPair } from './lib.mjs';

const { publicKey, privateKey } = vapidKeyPair();
console.log(`VAPID_PUBLIC_KEY = "${publicKey}"   # wrangler.toml [vars]`);
// each deployed environment's worker (npm run deploy writes the configuration these lines name)
for (const env of ['staging', 'production'])
  console.log(
    `echo '${privateKey}' | npx wrangler secret put VAPID_PRIVATE_KEY --env ${env} --config .wrangler/deploy/${env}/wrangler.json`,
  );
