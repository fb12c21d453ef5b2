import { getDatabase } from '@/server/db';
import { json, methodNotAllowed } from '@/server/http';
import { logger } from '@/server/logger';

export const dynamic = 'force-dynamic';

/** Liveness and readiness: 200 only after a real database round trip. */
export async function GET(): Promise<Response> {
  try {
    const database = await getDatabase();
    await database.ping();
    return json({ status: 'ok' });
  } catch (error) {
    logger.error('Health check failed: database unreachable', error);
    return json(
      { status: 'error', message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' },
      { status: 503 },
    );
  }
}

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
