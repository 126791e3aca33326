import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseOptionsFromEnv } from './client.ts';

describe('databaseOptionsFromEnv', () => {
  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(databaseOptionsFromEnv({ DATABASE_URL: 'postgres://db/x' })).toEqual({
      kind: 'postgres',
      url: 'postgres://db/x',
    });
  });

  it('puts the embedded database in DATA_DIR, relative to where npm was run', () => {
    const options = databaseOptionsFromEnv({ INIT_CWD: '/srv/app', DATA_DIR: 'store' });
    expect(options).toMatchObject({ kind: 'pglite', dataDir: path.resolve('/srv/app/store') });
  });

  it('reads PGLITE_SHARED_BUFFERS as a size and refuses anything else', () => {
    const read = (value: string) =>
      databaseOptionsFromEnv({ PGLITE_SHARED_BUFFERS: value }) as { sharedBuffers?: string };
    expect(read('64MB').sharedBuffers).toBe('64MB');
    expect(read('1gb').sharedBuffers).toBe('1024MB');
    expect(read('').sharedBuffers).toBeUndefined();
    for (const bad of ['0MB', '2GB', '64', 'lots', '64MB; drop table x']) {
      expect(() => read(bad), bad).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
  });
});
