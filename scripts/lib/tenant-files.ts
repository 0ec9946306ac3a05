// The tenant files on disk, read and checked: every one valid and listed in tenants/index.ts
// (npm run tenants:check, and the deploy before it generates anything).
import { readdirSync, readFileSync } from 'node:fs';
import { tenantFiles } from '../../tenants';
import { buildRegistry, type Registry } from '../../tenants/registry';

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

/** The registry of the files on disk, or an error listing every problem as "file: field: message". */
export function checkTenantDir(dir = 'tenants'): Registry {
  const { files, problems, companies } = readTenantDir(dir);
  let registry: Registry;
  try {
    registry = buildRegistry(files, companies);
  } catch (e) {
    throw new Error([(e as Error).message, ...problems].join('\n'));
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return registry;
}
