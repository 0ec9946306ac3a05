// npm run tenants:check — validates every site file on disk, the companies file and the index.
import { readdirSync, readFileSync } from 'node:fs';
import { tenantFiles } from '../tenants';
import { buildRegistry } from '../tenants/registry';

export function readTenantDir(dir = 'tenants') {
  const files: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'companies.json')) {
    try {
      files[name] = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'));
    } catch (e) {
      problems.push(`${name}: (file): not valid JSON: ${(e as Error).message}`);
    }
  }
  const missing = Object.keys(files).filter((f) => !(f in tenantFiles));
  for (const f of missing) problems.push(`${f}: (file): not listed in tenants/index.ts`);
  return { files, problems, companies: JSON.parse(readFileSync(`${dir}/companies.json`, 'utf8')) as unknown };
}

const { files, problems, companies } = readTenantDir(process.env.TENANTS_DIR ?? 'tenants');
try {
  const registry = buildRegistry(files, companies);
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(`tenants: ${registry.tenants.length} sites valid (${registry.tenants.map((t) => t.slug).join(', ')})`);
} catch (e) {
  console.error([(e as Error).message, ...problems].join('\n'));
  process.exit(1);
}
