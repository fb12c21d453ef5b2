import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  presetSignupMode,
  domainRefusalMessage,
  emailDomainOf,
  isDomainName,
  isEmailDomainAllowed,
  parseDomainList,
  refuseUninvitedSignup,
} from './signup-policy';

describe('parseDomainList', () => {
  it('splits on commas and spaces, lower-cases, drops a leading @ and repeats', () => {
    expect(parseDomainList(' Example.com,example.org  @corp.example.co.uk;example.com\n')).toEqual({
      domains: ['example.com', 'example.org', 'corp.example.co.uk'],
    });
    expect(parseDomainList('')).toEqual({ domains: [] });
    expect(parseDomainList(' , ')).toEqual({ domains: [] });
  });

  it('names the first entry that is not a domain name', () => {
    expect(parseDomainList('example.com localhost')).toEqual({ invalid: 'localhost' });
    expect(parseDomainList('ex_ample.com')).toEqual({ invalid: 'ex_ample.com' });
    expect(parseDomainList('user@example.com')).toEqual({ invalid: 'user@example.com' });
    expect(parseDomainList('-bad.com')).toEqual({ invalid: '-bad.com' });
    expect(parseDomainList('example.123')).toEqual({ invalid: 'example.123' });
  });

  it('refuses more than 50 domains', () => {
    const many = Array.from({ length: 51 }, (_, index) => `d${index}.example`).join(' ');
    expect(parseDomainList(many)).toEqual({ tooMany: true });
  });
});

describe('isDomainName', () => {
  it('accepts ordinary and punycode names', () => {
    for (const name of [
      'example.com',
      'a.io',
      'mail.example.co.uk',
      'xn--bcher-kva.example',
      'xn--p1ai.xn--p1ai',
    ])
      expect(isDomainName(name), name).toBe(true);
    for (const name of ['com', 'example.', '.example.com', 'exa mple.com', 'a..b.com', 'EXAMPLE.COM'])
      expect(isDomainName(name), name).toBe(false);
  });
});

describe('isEmailDomainAllowed', () => {
  it('allows any domain when none are listed', () => {
    expect(isEmailDomainAllowed('a@anything.test', [])).toBe(true);
  });

  it('matches the domain exactly, whatever its case; subdomains are not included', () => {
    expect(isEmailDomainAllowed('a@Example.COM', ['example.com'])).toBe(true);
    expect(isEmailDomainAllowed('a@mail.example.com', ['example.com'])).toBe(false);
    expect(isEmailDomainAllowed('a@example.com.evil.test', ['example.com'])).toBe(false);
    expect(isEmailDomainAllowed('a@notexample.com', ['example.com'])).toBe(false);
  });

  it('reads the domain after the last @', () => {
    expect(emailDomainOf('"a@b"@example.com')).toBe('example.com');
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const domain = emailDomainOf(email);
        expect(isEmailDomainAllowed(email, [domain])).toBe(true);
        expect(isEmailDomainAllowed(email, [`sub.${domain}`])).toBe(false);
      }),
    );
  });
});

describe('refuseUninvitedSignup', () => {
  it('Open without domains lets everyone in (the spec)', () => {
    expect(refuseUninvitedSignup({ mode: 'open', domains: [] }, 'a@b.test')).toBeNull();
  });

  it('Closed and Invitation only refuse whatever the domain, saying what to do', () => {
    expect(refuseUninvitedSignup({ mode: 'closed', domains: ['b.test'] }, 'a@b.test')).toEqual({
      code: 'SIGNUP_CLOSED',
      message: 'Sign-up is closed on this server. Ask an administrator for an invitation.',
    });
    expect(refuseUninvitedSignup({ mode: 'invitation', domains: [] }, 'a@b.test')).toEqual({
      code: 'INVITATION_REQUIRED',
      message: 'Sign-up needs an invitation. Ask an administrator for an invitation link.',
    });
  });

  it('Open with domains refuses other domains, naming the allowed ones', () => {
    expect(refuseUninvitedSignup({ mode: 'open', domains: ['b.test'] }, 'a@b.test')).toBeNull();
    expect(refuseUninvitedSignup({ mode: 'open', domains: ['example.com'] }, 'a@c.test')).toEqual({
      code: 'DOMAIN_NOT_ALLOWED',
      message:
        'Sign-up is limited to addresses at example.com. Use your work email or ask an administrator for an invitation.',
    });
    expect(domainRefusalMessage(['a.test', 'b.test', 'c.test'])).toBe(
      'Sign-up is limited to addresses at a.test, b.test or c.test. Use your work email or ask an administrator for an invitation.',
    );
  });
});

describe('presetSignupMode', () => {
  it('keeps the original open sign-up without team sync, admin or not', () => {
    expect(presetSignupMode({ envMode: undefined, teamSync: false, adminExists: false })).toBe('open');
    expect(presetSignupMode({ envMode: undefined, teamSync: false, adminExists: true })).toBe('open');
  });

  it('with team sync on, is open until the first admin exists, then invitation only', () => {
    expect(presetSignupMode({ envMode: undefined, teamSync: true, adminExists: false })).toBe('open');
    expect(presetSignupMode({ envMode: undefined, teamSync: true, adminExists: true })).toBe('invitation');
  });

  it('follows SIGNUP_MODE whenever it is set, whatever the rest', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('open', 'invitation', 'closed' as const),
        fc.boolean(),
        fc.boolean(),
        (envMode, teamSync, adminExists) => presetSignupMode({ envMode, teamSync, adminExists }) === envMode,
      ),
    );
  });
});
