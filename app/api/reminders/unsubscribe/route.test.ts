import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDigestSettings } from '@/features/inbox/server/inbox-digest-settings';
import { getReminderSettings, saveReminderSettings } from '@/features/reminders/server/reminder-service';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_SECONDS } from '@/server/unsubscribe-link';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createUserWithToken } from '@/tests/helpers/factories';
import { applyTestEnv, BASE_TEST_ENV } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const INVALID = {
  message:
    'This unsubscribe link is invalid or has expired. You can turn reminder emails off on the Notifications page.',
  code: 'INVALID_UNSUBSCRIBE_TOKEN',
};

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

/** As a mail client does it (RFC 8058): a form-encoded POST to the List-Unsubscribe URL. */
function oneClick(token: string | null) {
  const path =
    token === null
      ? '/api/reminders/unsubscribe'
      : `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
  return call(POST, path, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('POST /api/reminders/unsubscribe', () => {
  it('turns the morning email off for the token’s user only', async () => {
    const mira = await createUserWithToken();
    const other = await createUserWithToken();
    for (const user of [mira.user, other.user]) {
      await saveReminderSettings(user.id, { email: true, time: '07:30', timeZone: 'Europe/Paris' });
    }
    const res = await oneClick(await signUnsubscribeToken(mira.user.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'You are unsubscribed. Tasklane will not send you reminder emails any more.',
      email: 'reminders',
    });
    expect(await getReminderSettings(mira.user.id)).toEqual({
      email: false,
      time: '07:30',
      timeZone: 'Europe/Paris',
    });
    expect((await getReminderSettings(other.user.id)).email).toBe(true);
    // The morning email's link leaves the digest (of the inbox) on.
    expect((await getDigestSettings(mira.user.id)).digest).toBe(true);
    // A second click says the same and changes nothing.
    expect((await oneClick(await signUnsubscribeToken(mira.user.id))).status).toBe(200);
  });

  it('works with team sync off too (an email sent before it was turned off)', async () => {
    await applyTestEnv({ TEAM_SYNC: 'off' });
    try {
      const { user } = await createUserWithToken();
      await saveReminderSettings(user.id, { email: true, time: '07:30', timeZone: 'UTC' });
      expect((await oneClick(await signUnsubscribeToken(user.id))).status).toBe(200);
      expect((await getReminderSettings(user.id)).email).toBe(false);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('refuses a missing, forged, expired or other-purpose token with 400 and changes nothing', async () => {
    const { user, token: sessionToken } = await createUserWithToken();
    await saveReminderSettings(user.id, { email: true, time: '07:30', timeZone: 'UTC' });
    const longAgo = new Date(Date.now() - (UNSUBSCRIBE_TOKEN_TTL_SECONDS + 60) * 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('tasklane')
      .setAudience('tasklane:reminder-unsubscribe')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    const valid = await signUnsubscribeToken(user.id);
    for (const token of [
      null,
      '',
      'garbage',
      forged,
      await signUnsubscribeToken(user.id, longAgo),
      await signUnsubscribeToken(user.id, longAgo, 'digest'),
      sessionToken,
      `${valid}x`,
    ]) {
      const res = await oneClick(token);
      expect(res.status, String(token)).toBe(400);
      expect(res.body).toEqual(INVALID);
    }
    expect((await getReminderSettings(user.id)).email).toBe(true);
    expect(BASE_TEST_ENV.AUTH_SECRET).not.toBe('another-secret-that-is-long-enough-0123456789');
  });

  it('answers 405 to GET (scanners prefetch links) and other methods', async () => {
    await expectMethodNotAllowed({ GET, PUT, PATCH, DELETE }, '/api/reminders/unsubscribe?token=x', 'POST');
  });
});
