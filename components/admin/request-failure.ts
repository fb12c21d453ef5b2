import { toast } from 'sonner';
import { ApiError, serverMessageOf } from '@/lib/api/http';

/**
 * What to tell the admin when a call failed: the server's own message when it sent one (a 409 for
 * the last admin, say), the client's wording for a timeout or an unreachable server, else `fallback`.
 */
export function describeRequestFailure(error: unknown, fallback: string): string {
  const fromServer = serverMessageOf(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiError && error.kind !== 'http') return error.message;
  if (error instanceof ApiError && error.status) return `${fallback} (status ${error.status}).`;
  return `${fallback}.`;
}

/** A failed admin call: logged under `action` ('Failed to update user'), and told in an error toast. */
export function reportRequestFailure(action: string, error: unknown): void {
  console.error(action, error);
  toast.error(describeRequestFailure(error, action));
}
