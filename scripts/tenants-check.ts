// npm run tenants:check — validates every site file on disk, the companies file and the index.
import { checkTenantDir } from './lib/tenant-files';

try {
  const registry = checkTenantDir(process.env.TENANTS_DIR ?? 'tenants');
  console.log(`tenants: ${registry.tenants.length} sites valid (${registry.tenants.map((t) => t.slug).join(', ')})`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
