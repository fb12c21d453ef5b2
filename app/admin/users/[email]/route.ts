import { requireAdmin } from '@/features/accounts/server/auth-service';
import { AppError } from '@/server/errors';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { deleteUser, normaliseEmailParam, updateUser } from '@/features/accounts/server/user-service';
import { unassignTasks } from '@/features/sync/server/assignees';
import { updateUserSchema } from '@/features/accounts/server/auth-schemas';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ email: string }>;
}

async function targetEmail(context: Context): Promise<string> {
  const email = normaliseEmailParam((await context.params).email);
  if (!email) throw new AppError('NOT_FOUND', 'User not found.');
  return email;
}

/** PUT /admin/users/{email}: change fullName, email and role (docs/product.md#endpoint-update-user). */
export const PUT = withErrorHandling<Context>(async (request, context) => {
  const actor = await requireAdmin(request);
  const email = await targetEmail(context);
  const input = await readJson(request, updateUserSchema);
  const user = await updateUser({ actor, email, input });
  return json({ ...user, message: 'User updated.' });
});

/** DELETE /admin/users/{email}: remove the account (docs/product.md#endpoint-delete-user). */
export const DELETE = withErrorHandling<Context>(async (request, context) => {
  const actor = await requireAdmin(request);
  const email = await targetEmail(context);
  const { message, assigned } = await deleteUser({ actor, email });
  // Their tasks become unassigned for every browser, never handed to a later account of the same name.
  await unassignTasks({ id: actor.id, role: 'admin' }, assigned);
  return json({ message });
});

export const { GET, POST, PATCH } = methodNotAllowed('PUT', 'DELETE');
