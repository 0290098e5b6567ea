import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('fills every default', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DEMO_DATA).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads booleans and numbers', () => {
    const env = loadEnv({ DEMO_DATA: 'false', PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(env.DEMO_DATA).toBe(false);
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('postgres://u@h:5432/db');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DEMO_DATA', 'perhaps'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAIL', 'nobody'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
