import { describe, expect, it } from 'vitest';
import { gstRateForPiece, stateWithCode } from './gst';

describe('gstRateForPiece', () => {
  it('is 5% up to ₹2,500 a piece inclusive and 18% above', () => {
    expect(gstRateForPiece(0)).toBe(5);
    expect(gstRateForPiece(99_900)).toBe(5);
    expect(gstRateForPiece(250_000)).toBe(5);
    expect(gstRateForPiece(250_001)).toBe(18);
    expect(gstRateForPiece(250_100)).toBe(18);
    expect(gstRateForPiece(1_000_000)).toBe(18);
  });

  it('rejects amounts that are not whole non-negative paise', () => {
    expect(() => gstRateForPiece(-1)).toThrow(RangeError);
    expect(() => gstRateForPiece(10.5)).toThrow(RangeError);
    expect(() => gstRateForPiece(Number.NaN)).toThrow(RangeError);
  });
});

describe('stateWithCode', () => {
  it('names a state with its GST code, and leaves a name it does not know as it is', () => {
    expect(stateWithCode('Karnataka')).toBe('Karnataka (29)');
    expect(stateWithCode('Atlantis')).toBe('Atlantis');
  });
});
