import { describe, expect, it } from 'vitest';
import * as keys from './keys';

describe('team data keys', () => {
  it('lists every team key but the bookkeeping (removed through its own store), so a logout removes them all', () => {
    const all = Object.entries(keys)
      .filter(([name, value]) => name.endsWith('_KEY') && typeof value === 'string')
      .map(([, value]) => value as string);
    expect([...keys.TEAM_DATA_KEYS].sort()).toEqual(all.filter((key) => key !== keys.SYNC_META_KEY).sort());
  });
});
