import { OfflineNotice } from '@/shared/ui/offline-notice';
import { OFFLINE_TEXT } from '@/shared/content/offline';
import type { AdminUsersState } from '@/features/admin/ui/use-admin-users';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';

/**
 * The user list's state in words while there is no row to show: loading, failed (with Retry), or
 * loaded and empty ('No users found.', styled by the caller). Nothing once there are users, except,
 * while offline, a line saying that the list needs a connection.
 */
export function UsersLoadState({
  state,
  onRetry,
  emptyClassName,
}: {
  state: AdminUsersState;
  onRetry: () => void;
  emptyClassName: string;
}) {
  const offline = <OfflineNotice text={OFFLINE_TEXT.users} className="mb-3" />;
  if (state.status === 'loading')
    return (
      <>
        {offline}
        <LoadingLine>Loading users…</LoadingLine>
      </>
    );
  if (state.status === 'error')
    return (
      <>
        {offline}
        <LoadError message={state.message} onRetry={onRetry} />
      </>
    );
  return (
    <>
      {offline}
      {state.users.length === 0 ? <p className={emptyClassName}>No users found.</p> : null}
    </>
  );
}
