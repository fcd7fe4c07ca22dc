import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, isCardComplete } from './card-input';

describe('card input formatting', () => {
  it('groups card digits by four and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42 4')).toBe('4242 4242 4');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as AA/YY and the CVC as digits only', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
    expect(formatCvc('12a34')).toBe('1234');
  });

  it('calls a card complete only with a holder, 12+ digits, AA/YY and a 3-4 digit CVC', () => {
    const ok = { cardHolder: 'Ayşe', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    expect(isCardComplete(ok)).toBe(true);
    expect(isCardComplete({ ...ok, cardHolder: ' ' })).toBe(false);
    expect(isCardComplete({ ...ok, cardNumber: '4242' })).toBe(false);
    expect(isCardComplete({ ...ok, expiry: '1234' })).toBe(false);
    expect(isCardComplete({ ...ok, cvc: '12' })).toBe(false);
  });
});
