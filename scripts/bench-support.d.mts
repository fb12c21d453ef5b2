/**
 * The types of ./bench-support.mjs, for the benchmarks written in TypeScript that start the production
 * server and a browser (bench:projects --browser): tsconfig.json does not read JavaScript.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

export const CHROMIUM_FLAGS: string[];
export const root: string;
export function argValue(name: string): string | undefined;
export function systemChromium(override: string | undefined): string | undefined;
export function spawnServer(args: string[], env: NodeJS.ProcessEnv, base: string): Promise<() => boolean>;
export function startServer(options: {
  port: number;
  dataDir: string;
}): Promise<{ base: string; stop: () => boolean }>;
export function runBench(
  server: { port: number; dataDir: string },
  measure: (bench: { base: string; browser: Browser }) => Promise<void>,
): Promise<void>;
export function countScriptBytes(context: BrowserContext, page: Page): Promise<() => number>;
export function reportMissed(checks: Array<string | false>): void;
export function waitForServer(url: string): Promise<void>;
export function syncServerEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl: string;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv;
export function newTaskUpsert(
  values: Record<string, unknown>,
  hlc: string,
): { opId: string; uid: string; baseV: number; kind: 'upsert'; fields: Record<string, unknown> };
export function registerAccount(
  base: string,
  account: { fullName: string; role?: 'user' | 'admin'; email?: string },
): Promise<{ id: string; fullName: string; email: string; role: 'user' | 'admin'; token: string }>;
export function median(values: number[]): number;
export function worst(values: number[]): number;
export function fmt(value: number): string;
