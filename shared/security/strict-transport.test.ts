import { describe, expect, it } from 'vitest';
import { strictTransportHeader } from './strict-transport';

describe('strictTransportHeader', () => {
  it('is sent for an https APP_URL, for a year, without includeSubDomains', () => {
    expect(strictTransportHeader('https://tasks.example.com')).toBe('max-age=31536000');
    expect(strictTransportHeader('HTTPS://tasks.example.com:8443/app')).toBe('max-age=31536000');
  });

  it('is not sent for http, an unset or an unreadable APP_URL', () => {
    expect(strictTransportHeader('http://localhost:3000')).toBeNull();
    expect(strictTransportHeader(undefined)).toBeNull();
    expect(strictTransportHeader('')).toBeNull();
    expect(strictTransportHeader('not a url')).toBeNull();
  });
});
