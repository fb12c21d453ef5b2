import type { WriteStatement } from './index';

/** Rows per INSERT: keeps every statement well under both drivers' bound-parameter limits. */
const INSERT_CHUNK = 500;

/** One statement per INSERT_CHUNK rows (none for no rows). */
export function chunked<T>(rows: readonly T[], statement: (chunk: T[]) => WriteStatement): WriteStatement[] {
  const statements: WriteStatement[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    statements.push(statement(rows.slice(start, start + INSERT_CHUNK)));
  }
  return statements;
}
