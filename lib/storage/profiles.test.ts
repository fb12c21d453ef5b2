// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { adminProfileStore, userProfileStore } from './profiles';

beforeEach(() => localStorage.clear());

describe('profile stores', () => {
  it('read the spec keys', () => {
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
