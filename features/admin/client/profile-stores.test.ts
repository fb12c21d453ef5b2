// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileUpdatedEntry } from './admin-activity';
import { StorageQuotaError } from '@/shared/browser-storage/local-store';
import { userProfileStore } from '@/features/accounts/client/profile-store';
import { adminProfileStore, saveAdminProfile } from '@/features/admin/client/admin-profile-store';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('profile stores', () => {
  it('read the userProfile and adminProfile keys', () => {
    localStorage.setItem('userProfile', JSON.stringify({ name: 'Asha', phone: '+91 98765 43210' }));
    localStorage.setItem('adminProfile', JSON.stringify({ name: 'Admin User', role: 'Super Admin' }));
    expect(userProfileStore.read()).toMatchObject({ name: 'Asha', phone: '+91 98765 43210' });
    expect(adminProfileStore.read()).toMatchObject({ name: 'Admin User', role: 'Super Admin' });
  });

  it('drop a picture that is not an image data URL instead of rendering it', () => {
    localStorage.setItem('userProfile', JSON.stringify({ name: 'Asha', profilePic: 'javascript:alert(1)' }));
    expect(userProfileStore.read()).toEqual({ name: 'Asha' });
    localStorage.setItem(
      'userProfile',
      JSON.stringify({ name: 'Asha', profilePic: 'data:image/png;base64,AAAA' }),
    );
    expect(userProfileStore.read()?.profilePic).toBe('data:image/png;base64,AAAA');
  });

  it('fall back to null when nothing is stored', () => {
    expect(userProfileStore.read()).toBeNull();
    expect(adminProfileStore.read()).toBeNull();
  });
});

describe('saveAdminProfile', () => {
  const NOW = new Date(Date.UTC(2026, 2, 10, 6, 30));
  const PROFILE = { name: 'Ravi', email: 'ravi@example.com', role: 'Super Admin', profilePic: '' };

  /** Refuses writes to the activity log only, as a full quota would. */
  function refuseActivityLogWrites() {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key === 'adminActivityLog') throw new DOMException('Quota exceeded', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
  }

  it('stores the profile and puts its activity entry first in the log', () => {
    localStorage.setItem('adminActivityLog', JSON.stringify(['Older entry']));

    saveAdminProfile(PROFILE, NOW);

    expect(JSON.parse(localStorage.getItem('adminProfile') ?? 'null')).toEqual(PROFILE);
    expect(JSON.parse(localStorage.getItem('adminActivityLog') ?? 'null')).toEqual([
      profileUpdatedEntry(NOW),
      'Older entry',
    ]);
  });

  it('puts the previous profile back when the activity log cannot be written', () => {
    const previous = { name: 'Admin User', email: 'admin@example.com', role: 'Admin' };
    localStorage.setItem('adminProfile', JSON.stringify(previous));
    refuseActivityLogWrites();

    expect(() => saveAdminProfile(PROFILE, NOW)).toThrow(StorageQuotaError);

    expect(JSON.parse(localStorage.getItem('adminProfile') ?? 'null')).toEqual(previous);
    expect(adminProfileStore.read()).toEqual(previous);
    expect(localStorage.getItem('adminActivityLog')).toBeNull();
  });

  it('removes the new profile again when there was none before', () => {
    refuseActivityLogWrites();

    expect(() => saveAdminProfile(PROFILE, NOW)).toThrow(StorageQuotaError);

    expect(localStorage.getItem('adminProfile')).toBeNull();
    expect(adminProfileStore.read()).toBeNull();
  });
});
