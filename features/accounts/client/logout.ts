/**
 * POST /api/auth/logout with `token`, so that it stops working on the server too. Best effort and
 * never awaited: offline, or with the server down, logging out still forgets the session here.
 * Plain fetch, in a module of its own: the profile menu calling it is on every signed-in page, and
 * requestJson's 401 handling would treat the answer as a session that expired.
 */
export function endServerSession(token: string | null, fetchFn: typeof fetch = fetch): void {
  if (!token) return;
  try {
    fetchFn('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      // Outlives the page: the logout navigates away at once.
      keepalive: true,
      cache: 'no-store',
    }).catch(() => undefined);
  } catch {
    // No fetch at all: nothing more to do than forget the session locally.
  }
}
