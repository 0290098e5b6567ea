import { ErrorBody, LoginResponse, MESSAGES, RegisterResponse, UpdateUserResponse, UserResponse } from '@shop/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { oneTimeCodes, sessions, users } from '../src/modules/accounts/accounts.schema';
import { createTestShop, type TestShop } from './helpers';
import { startMailCatcher } from './mail-catcher';
import { signUp, uniqueEmail } from './shoppers';

let shop: TestShop;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
  shop = await createTestShop({ SMTP_URL: mail.url });
});
afterAll(async () => {
  await shop?.close();
  await mail?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

function expectError(res: { statusCode: number; json: () => unknown }, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = ErrorBody.parse(res.json());
  if (message) expect(body.message).toBe(message);
  return body;
}

/** The code in the last reset mail to `email`, read from the SMTP server once the outbox has sent it. */
async function codeFromMail(email: string): Promise<string> {
  await shop.app.ctx.outbox.drain();
  const received = mail.lastTo(email);
  expect(received, `no mail to ${email}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(received!.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

describe('register and login', () => {
  it('registers with a trimmed, lower-cased email and never returns the hash', async () => {
    const email = uniqueEmail('Case');
    const res = await post('/register', {
      email: `  ${email.toUpperCase()} `,
      password: 'a good password',
      name: 'Asha',
    });
    expect(res.statusCode).toBe(201);
    const body = RegisterResponse.parse(res.json());
    expect(body.message).toBe(MESSAGES.registered);
    expect(body.user.email).toBe(email.toLowerCase());
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash/);
    const [row] = await shop.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const email = uniqueEmail('twice');
    expect((await post('/register', { email, password: 'first password' })).statusCode).toBe(201);
    const again = expectError(
      await post('/register', { email: email.toUpperCase(), password: 'second password' }),
      400,
    );
    expect(again.message).toBe(MESSAGES.emailTaken);
  });

  it('refuses short passwords and bad emails with readable errors', async () => {
    const short = expectError(await post('/register', { email: uniqueEmail(), password: 'short' }), 400);
    expect(short.errors[0]).toMatch(/at least 8 characters/);
    const bad = expectError(await post('/register', { email: 'not-an-email', password: 'long enough' }), 400);
    expect(bad.errors[0]).toMatch(/valid email/);
    expectError(await post('/register', { password: 'long enough' }), 400);
  });

  it('logs in and answers the user behind the token', async () => {
    const shopper = await signUp(shop.app, 'login');
    const me = await shop.app.inject({ url: '/api/v1/user/me', headers: shopper.auth });
    expect(me.statusCode).toBe(200);
    expect(UserResponse.parse(me.json()).user.email).toBe(shopper.email);
    const [row] = await shop.database.db.select().from(sessions).where(eq(sessions.userId, shopper.user.id));
    expect(row!.tokenHash).not.toContain(shopper.token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('says Invalid Credentials ! for a wrong password and for an unknown email alike', async () => {
    const shopper = await signUp(shop.app, 'wrong');
    const wrong = expectError(await post('/login', { email: shopper.email, password: 'not the password' }), 401);
    expect(wrong.message).toBe(MESSAGES.invalidCredentials);
    const unknown = expectError(await post('/login', { email: uniqueEmail('nobody'), password: 'whatever1' }), 401);
    expect(unknown.message).toBe(MESSAGES.invalidCredentials);
  });

  it('logout revokes the token', async () => {
    const shopper = await signUp(shop.app, 'logout');
    const out = await post('/logout', {}, shopper.auth);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: MESSAGES.logoutSuccess });
    expectError(await shop.app.inject({ url: '/api/v1/user/me', headers: shopper.auth }), 401, MESSAGES.loginRequired);
  });
});

describe('profile', () => {
  it('updates name and phone, with the spec message', async () => {
    const shopper = await signUp(shop.app, 'profile');
    const res = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: shopper.auth,
      payload: { id: shopper.user.id, name: 'Meera Rao', phone: '9876543210' },
    });
    expect(res.statusCode).toBe(200);
    const body = UpdateUserResponse.parse(res.json());
    expect(body.message).toBe(MESSAGES.profileUpdated);
    expect(body.user).toMatchObject({ name: 'Meera Rao', phone: '9876543210', email: shopper.email });
  });

  it('refuses a bad phone and another user id', async () => {
    const a = await signUp(shop.app, 'profile-a');
    const b = await signUp(shop.app, 'profile-b');
    const badPhone = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: a.auth,
      payload: { id: a.user.id, name: 'A', phone: '0123456789' },
    });
    expect(expectError(badPhone, 400).errors).toContain(
      'Phone number must be a 10-digit number starting with a non-zero digit.',
    );
    const other = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: b.auth,
      payload: { id: a.user.id, name: 'Hijacked', phone: '' },
    });
    expectError(other, 403);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row!.name).toBe('profile-a');
  });
});

describe('password reset by one-time code', () => {
  it('mails a code (text and HTML, with the shop name), which resets the password and signs out everywhere', async () => {
    const shopper = await signUp(shop.app, 'reset');
    const sent = await post('/forgot-password-otp', { email: shopper.email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: MESSAGES.otpSent });

    await shop.app.ctx.outbox.drain();
    const received = mail.lastTo(shopper.email)!;
    expect(received.subject).toContain(shop.env.SHOP_NAME);
    expect(received.html).toContain(shop.env.SHOP_NAME);
    const code = await codeFromMail(shopper.email);
    expect(received.html).toContain(code);

    const [stored] = await shop.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, shopper.user.id));
    expect(stored!.codeHash).not.toContain(code);

    const verified = await post('/verify-forgot-otp', { email: shopper.email, otp: code });
    expect(verified.json()).toEqual({ message: MESSAGES.otpMatched });

    const reset = await post('/reset-password', {
      email: shopper.email,
      otp: code,
      new_password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MESSAGES.passwordChanged });

    // The old session is gone, the old password too; the new one works.
    expectError(await shop.app.inject({ url: '/api/v1/user/me', headers: shopper.auth }), 401);
    expectError(await post('/login', { email: shopper.email, password: shopper.password }), 401);
    const login = await post('/login', { email: shopper.email, password: 'a brand new secret' });
    expect(LoginResponse.parse(login.json()).user.id).toBe(shopper.user.id);

    // The code was single use.
    const again = await post('/reset-password', { email: shopper.email, otp: code, new_password: 'yet another one' });
    expectError(again, 400, MESSAGES.otpExpired);
  });

  it('answers the spec messages for unknown emails and wrong codes', async () => {
    const nobody = uniqueEmail('nobody');
    expectError(await post('/forgot-password-otp', { email: nobody }), 404, MESSAGES.userNotFound);
    expectError(
      await post('/verify-forgot-otp', { email: nobody, otp: '123456' }),
      404,
      MESSAGES.userNotFoundWithEmail,
    );
    expectError(
      await post('/reset-password', { email: nobody, otp: '123456', new_password: 'whatever123' }),
      404,
      MESSAGES.userNotFound,
    );

    const shopper = await signUp(shop.app, 'wrongcode');
    await post('/forgot-password-otp', { email: shopper.email });
    const code = await codeFromMail(shopper.email);
    const wrong = code === '000000' ? '000001' : '000000';
    expectError(await post('/verify-forgot-otp', { email: shopper.email, otp: wrong }), 400, MESSAGES.invalidOtp);
    expectError(await post('/verify-forgot-otp', { email: shopper.email, otp: '12345' }), 400);
  });

  it('spends the code after five wrong tries', async () => {
    const shopper = await signUp(shop.app, 'fivetries');
    await post('/forgot-password-otp', { email: shopper.email });
    const code = await codeFromMail(shopper.email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i += 1) {
      expectError(await post('/verify-forgot-otp', { email: shopper.email, otp: wrong }), 400, MESSAGES.invalidOtp);
    }
    expectError(await post('/verify-forgot-otp', { email: shopper.email, otp: code }), 400, MESSAGES.otpExpired);
  });

  it('expires a code after ten minutes', async () => {
    const shopper = await signUp(shop.app, 'expiry');
    await post('/forgot-password-otp', { email: shopper.email });
    const code = await codeFromMail(shopper.email);
    await shop.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, shopper.user.id));
    const res = await post('/reset-password', { email: shopper.email, otp: code, new_password: 'too late now' });
    expectError(res, 400, MESSAGES.otpExpired);
  });

  it('a new code replaces the previous one', async () => {
    const shopper = await signUp(shop.app, 'replace');
    await post('/forgot-password-otp', { email: shopper.email });
    const first = await codeFromMail(shopper.email);
    await post('/forgot-password-otp', { email: shopper.email });
    const second = await codeFromMail(shopper.email);
    if (first !== second) {
      expectError(await post('/verify-forgot-otp', { email: shopper.email, otp: first }), 400);
    }
    expect((await post('/verify-forgot-otp', { email: shopper.email, otp: second })).statusCode).toBe(200);
  });
});

describe('without SMTP', () => {
  it('keeps the mail in the outbox so a developer can read the code', async () => {
    const local = await createTestShop();
    try {
      const shopper = await signUp(local.app, 'outbox');
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/v1/forgot-password-otp',
        payload: { email: shopper.email },
      });
      expect(res.statusCode).toBe(200);
      await local.app.ctx.outbox.drain();
      const [kept] = await local.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, shopper.email))
        .orderBy(desc(mailOutbox.id));
      expect(kept!.status).toBe('logged');
      expect(kept!.text).toMatch(/\b\d{6}\b/);
      expect(kept!.html).toContain('<html');
    } finally {
      await local.close();
    }
  });
});

describe('throttling', () => {
  it('locks an email after 5 failed logins, even with the right password, and says 429', async () => {
    const local = await createTestShop();
    try {
      const shopper = await signUp(local.app, 'throttle');
      const attempt = (password: string) =>
        local.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: shopper.email, password } });
      for (let i = 0; i < 5; i += 1) expect((await attempt('wrong password')).statusCode).toBe(401);
      const locked = await attempt(shopper.password);
      expectError(locked, 429, MESSAGES.rateLimited);
      // Another shopper is not affected.
      const other = await signUp(local.app, 'unaffected');
      expect(other.token).toMatch(/^[\w-]{43}$/);
    } finally {
      await local.close();
    }
  });

  it('limits code requests per email', async () => {
    const local = await createTestShop({ RATE_LIMIT_OTP_REQUESTS_PER_EMAIL: '2' });
    try {
      const shopper = await signUp(local.app, 'otp-limit');
      const ask = () =>
        local.app.inject({ method: 'POST', url: '/api/v1/forgot-password-otp', payload: { email: shopper.email } });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expectError(await ask(), 429);
    } finally {
      await local.close();
    }
  });

  it('limits code checks per IP', async () => {
    const local = await createTestShop({ RATE_LIMIT_OTP_CHECKS_PER_IP: '3' });
    try {
      const check = () =>
        local.app.inject({
          method: 'POST',
          url: '/api/v1/verify-forgot-otp',
          payload: { email: uniqueEmail('x'), otp: '123456' },
        });
      for (let i = 0; i < 3; i += 1) expect((await check()).statusCode).toBe(404);
      expectError(await check(), 429);
    } finally {
      await local.close();
    }
  });

  it('shares counters between two app instances through Redis', async () => {
    const redisUrl = 'redis://127.0.0.1:6379/0';
    const overrides = { REDIS_URL: redisUrl, RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' };
    const first = await createTestShop(overrides);
    const second = await createTestShop(overrides);
    try {
      const email = uniqueEmail('redis');
      const attempt = (app: TestShop) =>
        app.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password: 'wrong password' } });
      expect((await attempt(first)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(401);
      expect((await attempt(first)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(429);
      expect((await attempt(first)).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
