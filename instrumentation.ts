/**
 * Runs once when the server starts (next dev, next start, the standalone server). The Node-only
 * work (server/entry/startup.ts: environment check, database and migrations) is imported inside the
 * nodejs branch, so the Edge build never bundles it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('@/server/entry/startup');
    await startServer();
  }
}
