import type { User } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { openRender, sessionOfRender } from './render-sessions';

const ASHA: User = { id: 1, name: 'Asha', email: 'asha@example.com', phone: '', role: 'customer', guest: false };

describe('one session lookup per rendered page', () => {
  it("shares a token's lookup between the reads of one render, and only for that token", async () => {
    const render = openRender();
    let lookups = 0;
    const lookup = (user: User | null) => () => ((lookups += 1), Promise.resolve(user));
    expect(await sessionOfRender(render.id, 'GET', 'token-a', lookup(ASHA))).toBe(ASHA);
    expect(await sessionOfRender(render.id, 'GET', 'token-a', lookup(ASHA))).toBe(ASHA);
    expect(lookups).toBe(1);
    // Another token in the same render (a forged render id) gets its own answer.
    expect(await sessionOfRender(render.id, 'GET', 'token-b', lookup(null))).toBeNull();
    expect(lookups).toBe(2);
    render.close();
    await sessionOfRender(render.id, 'GET', 'token-a', lookup(ASHA));
    expect(lookups).toBe(3);
  });

  it('forgets the answers at any write of the render (signing out), so later reads look again', async () => {
    const render = openRender();
    let live = true;
    let lookups = 0;
    const lookup = () => ((lookups += 1), Promise.resolve(live ? ASHA : null));
    expect(await sessionOfRender(render.id, 'GET', 'token', lookup)).toBe(ASHA);
    live = false; // the action's POST revokes the session
    await sessionOfRender(render.id, 'POST', 'token', lookup);
    expect(await sessionOfRender(render.id, 'GET', 'token', lookup)).toBeNull();
    expect(lookups).toBe(3);
    render.close();
  });

  it('looks up every time without a render, or with an unknown one', async () => {
    let lookups = 0;
    const lookup = () => ((lookups += 1), Promise.resolve(ASHA));
    await sessionOfRender(undefined, 'GET', 'token', lookup);
    await sessionOfRender('not-a-render', 'GET', 'token', lookup);
    await sessionOfRender(['a', 'b'], 'GET', 'token', lookup);
    expect(lookups).toBe(3);
  });
});
