import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDataDir } from '../env';
import { readStorageConfig } from './config';
import { getFileStore, resetFileStoreForTests } from './index';

const S3 = { STORAGE: 's3', S3_BUCKET: 'files' };

describe('readStorageConfig', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tasklane-storage-config-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('defaults to the local disk under <DATA_DIR>/files', () => {
    expect(readStorageConfig({})).toEqual({ driver: 'local', root: path.resolve('data', 'files') });
    expect(readStorageConfig({ DATA_DIR: '/srv/tasklane' })).toEqual({
      driver: 'local',
      root: '/srv/tasklane/files',
    });
    expect(readStorageConfig({ STORAGE: 'local', FILES_DIR: 'uploads' })).toEqual({
      driver: 'local',
      root: path.resolve('uploads'),
    });
  });

  it('follows getDataDir() when reading the process environment', () => {
    vi.stubEnv('DATA_DIR', path.join(folder, 'data'));
    vi.stubEnv('STORAGE', '');
    vi.stubEnv('FILES_DIR', '');
    vi.stubEnv('FILES_DIR_FILE', '');
    try {
      expect(readStorageConfig()).toEqual({ driver: 'local', root: path.join(getDataDir(), 'files') });
      expect(getDataDir()).toBe(path.join(folder, 'data'));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses an unknown STORAGE', () => {
    expect(() => readStorageConfig({ STORAGE: 'ftp' })).toThrow('STORAGE must be local or s3.');
  });

  it('reads the S3 settings with their defaults', () => {
    expect(readStorageConfig(S3)).toEqual({
      driver: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'files',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    const full = readStorageConfig({
      ...S3,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'tasklane',
    });
    expect(full).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'tasklane/',
    });
  });

  it('requires S3_BUCKET for STORAGE=s3, and both keys or neither', () => {
    expect(() => readStorageConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET is required when STORAGE=s3.');
    expect(() => readStorageConfig({ ...S3, S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set.',
    );
    expect(() => readStorageConfig({ ...S3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      'S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set.',
    );
    expect(() => readStorageConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT must be an http:// or https:// URL.',
    );
    expect(() => readStorageConfig({ ...S3, S3_PREFIX: '/abs' })).toThrow(/^S3_PREFIX must be/);
    // The local driver does not look at the S3 settings.
    expect(readStorageConfig({ S3_ENDPOINT: 'nonsense' }).driver).toBe('local');
  });

  it('parses S3_FORCE_PATH_STYLE, defaulting to whether S3_ENDPOINT is set', () => {
    const endpoint = { ...S3, S3_ENDPOINT: 'https://s3.example.com' };
    expect(readStorageConfig(endpoint)).toMatchObject({ forcePathStyle: true });
    expect(readStorageConfig({ ...endpoint, S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      forcePathStyle: false,
    });
    expect(readStorageConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ forcePathStyle: true });
    expect(() => readStorageConfig({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be true or false.',
    );
  });

  it('reads any setting from NAME_FILE, trimmed', async () => {
    const secretFile = path.join(folder, 'secret');
    const bucketFile = path.join(folder, 'bucket');
    await writeFile(secretFile, '  s3cr3t\n');
    await writeFile(bucketFile, 'from-file\n');
    const config = readStorageConfig({
      STORAGE: 's3',
      S3_BUCKET_FILE: bucketFile,
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY_FILE: secretFile,
    });
    expect(config).toMatchObject({ bucket: 'from-file', secretAccessKey: 's3cr3t' });
    await writeFile(path.join(folder, 'storage'), 's3\n');
    expect(readStorageConfig({ STORAGE_FILE: path.join(folder, 'storage'), S3_BUCKET: 'b' }).driver).toBe(
      's3',
    );
  });

  it('refuses NAME and NAME_FILE together, and an unreadable or empty NAME_FILE', async () => {
    const secretFile = path.join(folder, 'both');
    await writeFile(secretFile, 'x');
    expect(() => readStorageConfig({ ...S3, S3_BUCKET_FILE: secretFile })).toThrow(
      'Set S3_BUCKET or S3_BUCKET_FILE, not both.',
    );
    const missing = path.join(folder, 'missing');
    expect(() =>
      readStorageConfig({ ...S3, S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY_FILE: missing }),
    ).toThrow(`S3_SECRET_ACCESS_KEY_FILE names a file that cannot be read (${missing}: ENOENT).`);
    const empty = path.join(folder, 'empty');
    await writeFile(empty, '\n');
    expect(() => readStorageConfig({ FILES_DIR_FILE: empty })).toThrow(
      `FILES_DIR_FILE names an empty file (${empty}).`,
    );
  });
});

describe('getFileStore', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetFileStoreForTests();
  });

  it('builds one store from the environment until reset', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tasklane-storage-index-'));
    try {
      vi.stubEnv('STORAGE', 'local');
      vi.stubEnv('FILES_DIR', folder);
      const store = getFileStore();
      expect(store.driver).toBe('local');
      expect(getFileStore()).toBe(store);
      vi.stubEnv('STORAGE', 's3');
      vi.stubEnv('S3_BUCKET', 'files');
      expect(getFileStore()).toBe(store);
      resetFileStoreForTests();
      expect(getFileStore().driver).toBe('s3');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
