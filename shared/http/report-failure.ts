import { toast } from 'sonner';
import { describeRequestFailure } from '@/shared/http/failure-message';

/** A failed admin call: logged under `action` ('Failed to update user'), and told in an error toast. */
export function reportRequestFailure(action: string, error: unknown): void {
  console.error(action, error);
  toast.error(describeRequestFailure(error, action));
}
