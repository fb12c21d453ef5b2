/**
 * Runs once when the server starts (next dev, next start, the standalone server). The Node-only
 * work lives in instrumentation-node.ts so the Edge build never sees it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('./lib/server/startup');
    await startServer();
  }
}
