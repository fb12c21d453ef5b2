import { describe, expect, it } from 'vitest';
import { dashboardPathFor, formatRole, isAdminPath, parseRole, withRole } from './role';

describe('parseRole', () => {
  it('is admin only for exactly "admin"', () => {
    expect(parseRole('admin')).toBe('admin');
    for (const value of ['user', 'Admin', 'ADMIN', '', 'root', null, undefined])
      expect(parseRole(value)).toBe('user');
  });
});

describe('withRole', () => {
  it('adds the role as a query parameter', () => {
    expect(withRole('/login', 'admin')).toBe('/login?role=admin');
    expect(withRole('/login?reason=expired', 'user')).toBe('/login?reason=expired&role=user');
  });
});

describe('dashboardPathFor / isAdminPath', () => {
  it('maps roles to dashboards and paths to areas', () => {
    expect(dashboardPathFor('admin')).toBe('/admin/dashboard');
    expect(dashboardPathFor('user')).toBe('/user/dashboard');
    expect(isAdminPath('/admin/settings')).toBe(true);
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/user/dashboard')).toBe(false);
  });
});

describe('formatRole (Manage Users: first letter capitalised)', () => {
  it.each([
    ['admin', 'Admin'],
    ['user', 'User'],
    ['', ''],
  ])('%j → %j', (role, shown) => {
    expect(formatRole(role)).toBe(shown);
  });
});
