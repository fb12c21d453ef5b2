import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { getDataDir } from '../env';
import type { S3Config } from './s3';

/** Which driver holds the files, and where. */
export type StorageConfig = { driver: 'local'; root: string } | ({ driver: 's3' } & S3Config);

type Env = Record<string, string | undefined>;

/** Every setting of the file store; each may instead be given as NAME_FILE (a file holding the value). */
export const STORAGE_SETTINGS = [
  'STORAGE',
  'FILES_DIR',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;
type Setting = (typeof STORAGE_SETTINGS)[number];
type Settings = Partial<Record<Setting, string>>;

const PREFIX_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/;

const driverSchema = z.enum(['local', 's3'], 'STORAGE must be local or s3.').default('local');

const s3Schema = z
  .object({
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL.' })
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'S3_REGION must be a region name such as us-east-1.')
      .default('us-east-1'),
    S3_BUCKET: z
      .string('S3_BUCKET is required when STORAGE=s3.')
      .regex(/^[A-Za-z0-9._-]+$/, 'S3_BUCKET must be a bucket name (letters, digits, dots, dashes).'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false.').optional(),
    S3_PREFIX: z
      .string()
      .regex(PREFIX_PATTERN, 'S3_PREFIX must be a key prefix such as tasklane/ (no leading slash).')
      .optional(),
  })
  .superRefine((value, context) => {
    const hasId = value.S3_ACCESS_KEY_ID !== undefined;
    const hasSecret = value.S3_SECRET_ACCESS_KEY !== undefined;
    if (hasId !== hasSecret) {
      const missing = hasId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      const given = hasId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      context.addIssue({ code: 'custom', message: `${missing} is required when ${given} is set.` });
    }
  });

/**
 * The file store's settings from `env` (default: the process's). STORAGE picks the driver (`local`,
 * the default, or `s3`); the local root is FILES_DIR (default `<DATA_DIR>/files`); the S3 settings
 * are checked only for `s3`. Any setting may come from NAME_FILE instead (its trimmed content).
 * Throws an Error whose message is one sentence naming the setting at fault.
 */
export function readStorageConfig(env: Env = process.env): StorageConfig {
  const settings = readSettings(env);
  const driver = firstMessage(driverSchema.safeParse(settings.STORAGE));
  if (driver === 'local') {
    const root = settings.FILES_DIR
      ? path.resolve(/*turbopackIgnore: true*/ settings.FILES_DIR)
      : path.join(dataDirOf(env), 'files');
    return { driver, root };
  }
  const s3 = firstMessage(s3Schema.safeParse(settings));
  const prefix = s3.S3_PREFIX ?? '';
  return {
    driver,
    endpoint: s3.S3_ENDPOINT,
    region: s3.S3_REGION,
    bucket: s3.S3_BUCKET,
    accessKeyId: s3.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    // Self-hosted servers rarely have a DNS name per bucket; AWS prefers the bucket in the host.
    forcePathStyle: s3.S3_FORCE_PATH_STYLE ? s3.S3_FORCE_PATH_STYLE === 'true' : s3.S3_ENDPOINT !== undefined,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

/** getDataDir()'s rule (DATA_DIR, default ./data), applied to `env` when it is not the process's. */
function dataDirOf(env: Env): string {
  if (env === process.env) return getDataDir();
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || path.join(process.cwd(), 'data'));
}

/** Each setting from NAME or NAME_FILE (not both); empty values count as unset. */
function readSettings(env: Env): Settings {
  const settings: Settings = {};
  for (const name of STORAGE_SETTINGS) {
    const direct = nonEmpty(env[name]);
    const file = nonEmpty(env[`${name}_FILE`]);
    if (direct !== undefined && file !== undefined) {
      throw new Error(`Set ${name} or ${name}_FILE, not both.`);
    }
    const value = file === undefined ? direct : readSettingFile(name, file);
    if (value !== undefined) settings[name] = value;
  }
  return settings;
}

function readSettingFile(name: Setting, file: string): string {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`${name}_FILE names a file that cannot be read (${file}: ${code}).`, { cause: error });
  }
  if (content === '') throw new Error(`${name}_FILE names an empty file (${file}).`);
  return content;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function firstMessage<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  throw new Error(result.error.issues[0]?.message ?? 'The file storage settings are not valid.');
}
