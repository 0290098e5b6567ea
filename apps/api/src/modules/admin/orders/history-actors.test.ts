import { describe, expect, it } from 'vitest';
import { actorInWords, actorUserId, providerDisplayName, type HistoryPerson } from './history-actors';

const person = (id: number, name: string, more: Partial<HistoryPerson> = {}): HistoryPerson => ({
  id,
  name,
  email: `p${id}@example.com`,
  kind: 'account',
  deleted: false,
  ...more,
});
const people = new Map(
  [
    person(12, 'Asha Rao'),
    person(3, 'Priya'),
    person(5, ''),
    person(20, '', { kind: 'guest' }),
    person(21, 'Gone', { deleted: true }),
  ].map((p) => [p.id, p]),
);
const words = (actor: string, shopper = { id: 12, name: 'Asha R.' }, provider = 'Razorpay') =>
  actorInWords(actor, { people, shopper, provider });

describe('a history row in words', () => {
  it('names people: the shopper, a guest, staff and admins, and those no longer there', () => {
    expect(words('shopper')).toBe('The shopper (Asha Rao)');
    expect(words('shopper:12')).toBe('The shopper (Asha Rao)');
    expect(words('admin:3')).toBe('Priya (admin)');
    expect(words('staff:5')).toBe('p5@example.com (staff)');
    expect(words('shopper', { id: 20, name: 'Meena Iyer' })).toBe('The guest (Meena Iyer)');
    expect(words('shopper:20', { id: 20, name: '' })).toBe('The guest');
    expect(words('shopper:21', { id: 21, name: 'Gone' })).toBe('The shopper (account deleted)');
    expect(words('admin:99')).toBe('An admin (account removed)');
    expect(words('staff:99')).toBe('Staff (account removed)');
  });

  it('names the provider by what it sent, and the clock', () => {
    expect(words('provider:webhook')).toBe('Razorpay (payment notice)');
    expect(words('provider:api')).toBe('Razorpay (checked by the shop)');
    expect(words('provider:reconcile')).toBe('Razorpay (checked by the shop)');
    expect(words('provider:browser')).toBe('Razorpay (at checkout)');
    expect(words('clock')).toBe('Automatic (payment window)');
    expect(words('system')).toBe('Automatic (the shop)');
    expect(providerDisplayName('razorpay')).toBe('Razorpay');
    expect(providerDisplayName('test')).toBe('Test payments');
    expect(providerDisplayName(null)).toBe('The payment provider');
  });

  it('shows an actor it does not know as stored', () => {
    expect(words('courier:bluedart')).toBe('courier:bluedart');
  });

  it('reads the user id of people only', () => {
    expect(actorUserId('admin:3')).toBe(3);
    expect(actorUserId('shopper:12')).toBe(12);
    expect(actorUserId('shopper')).toBeNull();
    expect(actorUserId('provider:webhook')).toBeNull();
  });
});
