import 'server-only';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * The data folder holds password hashes, reset links and the development secret: only the account
 * that runs the app may read them, whatever the umask (another user on a shared host, a backup
 * tool running as someone else).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its missing parents) as 0700; an existing folder is left as it is. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates the file empty as 0600, or narrows an existing one to 0600 (files written by earlier
 * versions were created 0644). A file the app cannot chmod (someone else's) is left alone.
 */
export function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) {
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
    return;
  }
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch {
    // Not ours to change: the deployment chose its permissions.
  }
}
