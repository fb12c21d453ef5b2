import { describe, expect, it } from 'vitest';
import { profileMenuName } from './menu-name';

describe('profileMenuName', () => {
  it("keeps the spec's default mode: the stored profile's name, else User, whatever the account", () => {
    for (const admin of [false, true]) {
      expect(profileMenuName({ team: false, admin, profileName: ' Asha ', accountName: 'Acc' })).toBe('Asha');
      expect(profileMenuName({ team: false, admin, profileName: undefined, accountName: 'Acc' })).toBe(
        'User',
      );
      expect(profileMenuName({ team: false, admin, profileName: '  ', accountName: 'Acc' })).toBe('User');
    }
  });

  it("in team mode shows a member the account's name, even over an older local profile", () => {
    expect(
      profileMenuName({ team: true, admin: false, profileName: 'Old', accountName: 'Bea Builder' }),
    ).toBe('Bea Builder');
    expect(profileMenuName({ team: true, admin: false, profileName: 'Old', accountName: undefined })).toBe(
      'Old',
    );
    expect(
      profileMenuName({ team: true, admin: false, profileName: undefined, accountName: undefined }),
    ).toBe('User');
  });

  it("in team mode shows an admin their stored admin profile name, else the account's", () => {
    expect(profileMenuName({ team: true, admin: true, profileName: 'Boss', accountName: 'Ada Admin' })).toBe(
      'Boss',
    );
    expect(
      profileMenuName({ team: true, admin: true, profileName: undefined, accountName: 'Ada Admin' }),
    ).toBe('Ada Admin');
  });
});
