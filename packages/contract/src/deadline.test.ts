import { describe, expect, it } from 'vitest';
import { formatIndianDate, payByText, shopDeadline } from './deadline';

describe('the payment deadline in the shop’s time', () => {
  it('says only the time when it is today in India', () => {
    // 09:00 UTC is 14:30 IST; "now" is the same Indian day.
    expect(payByText('2026-11-23T09:00:00Z', new Date('2026-11-23T04:00:00Z'))).toBe(
      'Pay by 14:30 to keep these pieces',
    );
  });

  it('adds the date when the deadline falls on another Indian day', () => {
    // 18:45 UTC is 00:15 IST the next day.
    expect(shopDeadline('2026-11-23T18:45:00Z', new Date('2026-11-23T18:00:00Z'))).toBe('00:15 on 24 Nov');
  });
});

describe('formatIndianDate', () => {
  it('writes the date in India as DD-MM-YYYY', () => {
    expect(formatIndianDate(new Date('2026-05-14T06:30:00Z'))).toBe('14-05-2026');
    expect(formatIndianDate(new Date('2027-03-31T20:00:00Z'))).toBe('01-04-2027');
  });
});
