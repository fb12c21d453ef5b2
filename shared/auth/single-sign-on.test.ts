import { describe, expect, it } from 'vitest';
import {
  claimAt,
  isAllowedIssuer,
  isInAdminGroup,
  isSsoFailure,
  isSsoLinkOutcome,
  parseGroupList,
  profileAfterLink,
  providerPageFor,
  signInWithLabel,
  SSO_FAILURES,
  ssoFailureMessage,
  ssoLinkMessage,
} from './single-sign-on';

describe('isAllowedIssuer', () => {
  it.each([
    'https://login.example.com',
    'https://login.example.com/realms/team',
    'http://127.0.0.1:9000',
    'http://127.0.0.5:9000/issuer',
    'http://localhost:8080',
    'http://[::1]:8080',
  ])('accepts %s', (url) => expect(isAllowedIssuer(url)).toBe(true));

  it.each([
    'http://login.example.com',
    'http://10.0.0.1',
    'http://127.0.0.1.example.com',
    'https://user:pass@login.example.com',
    'https://login.example.com/?tenant=1',
    'https://login.example.com/#x',
    'ftp://login.example.com',
    'login.example.com',
    '',
  ])('refuses %s', (url) => expect(isAllowedIssuer(url)).toBe(false));
});

describe('the failures /login explains', () => {
  it('has a sentence for each, naming the provider where it matters', () => {
    for (const failure of SSO_FAILURES) {
      expect(ssoFailureMessage(failure, 'Acme SSO')).toMatch(/^[A-Z].*\.$/);
    }
    expect(ssoFailureMessage('unreachable', 'Acme SSO')).toBe(
      'Acme SSO cannot be reached right now. Try again later, or log in with your password.',
    );
    expect(ssoFailureMessage('unverified', 'Acme SSO')).toBe(
      'Your email address at Acme SSO is not verified. Verify it there, then try again.',
    );
    expect(ssoFailureMessage('closed', 'Acme SSO')).toBe(
      'Sign-up is closed on this server. Ask an administrator for an invitation.',
    );
  });

  it('recognises only its own codes in the URL', () => {
    expect(isSsoFailure('state')).toBe(true);
    expect(isSsoFailure('<script>')).toBe(false);
    expect(isSsoFailure(null)).toBe(false);
  });

  it('labels the button', () => {
    expect(signInWithLabel('Acme SSO')).toBe('Sign in with Acme SSO');
  });
});

describe('admin groups', () => {
  it('reads the groups claim by name or by a dotted path', () => {
    const claims = { groups: ['a'], realm_access: { roles: ['ops'] }, 'x.y': 1, list: [{ n: 1 }] };
    expect(claimAt(claims, 'groups')).toEqual(['a']);
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['ops']);
    expect(claimAt(claims, 'x.y')).toBe(1);
    expect(claimAt(claims, 'realm_access.missing')).toBeUndefined();
    expect(claimAt(claims, 'groups.0')).toBeUndefined();
    expect(claimAt(claims, 'nothing.at.all')).toBeUndefined();
  });

  it('parses a list with commas or spaces, without repeats, case kept', () => {
    expect(parseGroupList(' Admins, ops  ops\tTasklane-Admins ')).toEqual([
      'Admins',
      'ops',
      'Tasklane-Admins',
    ]);
    expect(parseGroupList('')).toEqual([]);
  });

  it('matches a list claim or a single name, exactly', () => {
    expect(isInAdminGroup(['staff', 'ops'], ['ops'])).toBe(true);
    expect(isInAdminGroup('ops', ['ops'])).toBe(true);
    expect(isInAdminGroup(['Ops'], ['ops'])).toBe(false);
    expect(isInAdminGroup([1, { name: 'ops' }], ['ops'])).toBe(false);
    expect(isInAdminGroup(undefined, ['ops'])).toBe(false);
  });
});

describe('providerPageFor', () => {
  it('stands in for /login and /signup only when an issuer is set', () => {
    expect(providerPageFor('/login', 'https://login.example.com')).toBe('/sso/login');
    expect(providerPageFor('/signup', 'https://login.example.com')).toBe('/sso/signup');
    expect(providerPageFor('/login/sso', 'https://login.example.com')).toBeNull();
    expect(providerPageFor('/forgot-password', 'https://login.example.com')).toBeNull();
    expect(providerPageFor('/login', undefined)).toBeNull();
    expect(providerPageFor('/login', ' ')).toBeNull();
  });
});

describe('a link from the profile', () => {
  it('returns to the caller’s own profile with the outcome', () => {
    expect(profileAfterLink('user', 'linked')).toBe('/user/profile?sso_link=linked');
    expect(profileAfterLink('admin', 'taken')).toBe('/admin/profile?sso_link=taken');
  });

  it('recognises its own outcomes and the flow’s failures, nothing else', () => {
    for (const outcome of ['linked', 'taken', 'other-identity', 'ended', ...SSO_FAILURES])
      expect(isSsoLinkOutcome(outcome)).toBe(true);
    for (const other of ['', 'Linked', 'toString', null, undefined, 1])
      expect(isSsoLinkOutcome(other)).toBe(false);
  });

  it('says what happened in the profile’s words, naming the provider', () => {
    expect(ssoLinkMessage('linked', 'Acme SSO')).toBe(
      'Your account is linked to Acme SSO. You can now sign in with Acme SSO.',
    );
    expect(ssoLinkMessage('taken', 'Acme SSO')).toBe(
      'That Acme SSO account already opens another Tasklane account, so it cannot be linked to yours. Ask an administrator if it should be yours.',
    );
    expect(ssoLinkMessage('other-identity', 'Acme SSO')).toBe(
      'Your account is already linked to another Acme SSO account.',
    );
    expect(ssoLinkMessage('ended', 'Acme SSO')).toBe(
      'Your session ended before the link with Acme SSO finished. Log in and try again.',
    );
    // Not /login's "or log in with your password": the person is signed in.
    expect(ssoLinkMessage('unreachable', 'Acme SSO')).toBe(
      'Acme SSO cannot be reached right now. Try again later.',
    );
    expect(ssoLinkMessage('state', 'Acme SSO')).toBe(
      'The link with Acme SSO expired or was started in another tab. Try again.',
    );
    expect(ssoLinkMessage('failed', 'Acme SSO')).toBe(
      'The link with Acme SSO could not be completed. Try again.',
    );
    // The flow's other failures read as at sign-in.
    expect(ssoLinkMessage('denied', 'Acme SSO')).toBe(ssoFailureMessage('denied', 'Acme SSO'));
    expect(ssoLinkMessage('unverified', 'Acme SSO')).toBe(ssoFailureMessage('unverified', 'Acme SSO'));
  });
});
