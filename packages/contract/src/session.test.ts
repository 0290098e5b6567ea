import { describe, expect, it } from 'vitest';
import { endSessionCookie, readCookie, sessionCookie, sessionTokenOf } from './session';

const TOKEN = 'k'.repeat(43);

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax and site-wide; Secure with the __Host- prefix over https', () => {
    expect(sessionCookie(TOKEN, { secure: false })).toBe(`session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax`);
    expect(sessionCookie(TOKEN, { secure: true })).toBe(
      `__Host-session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
  });

  it("lasts until the session's end when remembered, else until the browser closes", () => {
    const in30Days = new Date(Date.now() + 30 * 86_400_000);
    const maxAge = Number(/Max-Age=(\d+)/.exec(sessionCookie(TOKEN, { secure: false, expiresAt: in30Days }))?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 86_400 - 5);
    expect(maxAge).toBeLessThanOrEqual(30 * 86_400);
    expect(sessionCookie(TOKEN, { secure: false })).not.toMatch(/Max-Age|Expires/);
    expect(endSessionCookie(true)).toBe('__Host-session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
  });

  it('is read by its exact name, and only when it looks like a token', () => {
    expect(readCookie('a=1; session=xyz ; b=2', 'session')).toBe('xyz');
    expect(readCookie('my_session=xyz', 'session')).toBeNull();
    expect(readCookie('session=', 'session')).toBeNull();
    expect(readCookie(undefined, 'session')).toBeNull();
    expect(sessionTokenOf(`session=${TOKEN}`, false)).toBe(TOKEN);
    expect(sessionTokenOf(`session=${TOKEN}`, true)).toBeNull();
    expect(sessionTokenOf('session=<script>', false)).toBeNull();
  });
});
