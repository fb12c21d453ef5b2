import { rmSync } from 'node:fs';
import { dropPostgresWorkerDatabases, getTestDialect, TEST_DATA_ROOT } from './test-database';

/** Every run starts from empty databases: stale files or databases from an earlier run are removed. */
export default async function setup(): Promise<void> {
  if (getTestDialect() === 'postgres') await dropPostgresWorkerDatabases();
  else rmSync(path(), { recursive: true, force: true });
}

function path(): string {
  return `${TEST_DATA_ROOT}/sqlite`;
}
