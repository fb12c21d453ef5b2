import type { WorkerConfig } from '@/shell/pwa/service-worker';

export function listPages(nextDir: string): string[];
export function listStaticAssets(nextDir: string): string[];
export function compileWorkerSource(): string;
export function buildServiceWorker(options?: { root?: string; nextDir?: string }): {
  source: string;
  config: WorkerConfig;
};
