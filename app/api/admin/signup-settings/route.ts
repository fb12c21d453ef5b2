import { requireAdmin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { getSignupSettings, saveSignupSettings } from '@/features/accounts/server/signup-service';
import { signupSettingsSchema } from '@/features/accounts/server/signup-schemas';

export const dynamic = 'force-dynamic';

/** GET /api/admin/signup-settings: who may sign up (docs/product.md#endpoint-signup-settings). */
export const GET = withErrorHandling(async (request) => {
  await requireAdmin(request);
  return json(await getSignupSettings());
});

/** PUT /api/admin/signup-settings {mode, domains}: saved, it replaces the SIGNUP_* presets for good. */
export const PUT = withErrorHandling(async (request) => {
  const admin = await requireAdmin(request);
  const input = await readJson(request, signupSettingsSchema);
  const settings = await saveSignupSettings(input, admin.id);
  return json({ ...settings, message: 'Sign-up settings saved.' });
});

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT');
