import { toast } from 'sonner';
import { StorageQuotaError, StorageUnavailableError } from '@/shared/browser-storage/local-store';

/**
 * Runs a local-store write. When the browser refuses it (full quota, storage blocked) nothing was
 * written, so the previous data is intact: the user is told why, and `false` comes back.
 */
export function saveSafely(write: () => void): boolean {
  try {
    write();
    return true;
  } catch (error) {
    if (error instanceof StorageQuotaError || error instanceof StorageUnavailableError) {
      toast.error(error.message, { id: 'storage-error' });
      return false;
    }
    throw error;
  }
}
