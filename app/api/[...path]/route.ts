import { json } from '@/server/http';

export const dynamic = 'force-dynamic';

/** Unknown API paths answer in the API's JSON error shape rather than with the HTML 404 page. */
async function notFound(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  return json({ message: `No API endpoint at ${pathname}.`, code: 'NOT_FOUND' }, { status: 404 });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
