import { amountMinor, hoursFromHundredths, hundredthsOfHour, hundredthsToDecimal, shareAmount, shareHundredths, shareOut } from './billing-amounts';

describe('amounts', () => {
  it('is round(seconds × rate / 3600), half up, to the minor unit', () => {
    expect(amountMinor(3600, 8550)).toBe(8550);
    expect(amountMinor(1800, 8550)).toBe(4275);
    expect(amountMinor(600, 10000)).toBe(1667); // 1666.67
    expect(amountMinor(18, 100)).toBe(1); // 0.5 → 1
    expect(amountMinor(17, 100)).toBe(0); // 0.47
    expect(amountMinor(0, 8550)).toBe(0);
    expect(amountMinor(3600, 0)).toBe(0);
  });

  it('stays exact far beyond what doubles hold', () => {
    // A year of seconds at the highest rate: 31,536,000 × 100,000,000 / 3600.
    expect(amountMinor(31_536_000, 100_000_000)).toBe(876_000_000_000);
    expect(amountMinor(1_000_000_001, 99_999_999)).toBe(27_777_777_527_778); // 27777777527777.5 → up
  });

  it('works for a zero-decimal currency: a rate of 12,000 yen', () => {
    expect(amountMinor(5400, 12000)).toBe(18000);
    expect(amountMinor(100, 12000)).toBe(333);
  });
});

describe('hours', () => {
  it('are hundredths of an hour, rounded half up', () => {
    expect(hundredthsOfHour(3600)).toBe(100);
    expect(hundredthsOfHour(1800)).toBe(50);
    expect(hundredthsOfHour(600)).toBe(17);
    expect(hundredthsOfHour(18)).toBe(1);
    expect(hundredthsOfHour(17)).toBe(0);
    expect(hoursFromHundredths(1250)).toBe(12.5);
    expect(hundredthsToDecimal(1250)).toBe('12.50');
    expect(hundredthsToDecimal(17)).toBe('0.17');
    expect(hundredthsToDecimal(0)).toBe('0.00');
    expect(hundredthsToDecimal(123456)).toBe('1234.56');
  });
});

describe('sharing a rounded total among rows', () => {
  it('gives each row its exact value rounded down, and the units left over to the largest remainders', () => {
    // Three 10-minute entries: 0.50 h in all, 0.1666… h each.
    expect(shareHundredths(50, [600, 600, 600])).toEqual([17, 17, 16]);
    // 1 h 50 min and 7 min at 85.50: 15,675.00 and 997.50, 16,672.50 in all → 16,673.
    expect(amountMinor(7020, 8550)).toBe(16673);
    expect(shareAmount(16673, [6600, 420], 8550)).toEqual([15675, 998]);
    // Ties go to the earlier row.
    expect(shareOut(2, [1, 1, 1], 2, 3)).toEqual([1, 1, 0]);
    expect(shareOut(10, [1, 2, 3, 4], 1, 1)).toEqual([1, 2, 3, 4]);
  });

  it('rows always add up to the total and stay within one unit of their exact value', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 500; round += 1) {
      const seconds = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * 86_400));
      const rate = Math.floor(random() * 100_000_000);
      const sum = seconds.reduce((a, b) => a + b, 0);
      const total = amountMinor(sum, rate);
      const shares = shareAmount(total, seconds, rate);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((share, index) => expect(Math.abs(share - (seconds[index]! * rate) / 3600)).toBeLessThan(1));
      // A row's share shared again among its parts (a cell among its entries) adds up too.
      const parts = [Math.floor(seconds[0]! / 3), seconds[0]! - Math.floor(seconds[0]! / 3)];
      expect(shareAmount(shares[0]!, parts, rate).reduce((a, b) => a + b, 0)).toBe(shares[0]);
      const hundredths = shareHundredths(hundredthsOfHour(sum), seconds);
      expect(hundredths.reduce((a, b) => a + b, 0)).toBe(hundredthsOfHour(sum));
    }
  });

  it('shares nothing among rows without time, and refuses a total the rows cannot add up to', () => {
    expect(shareAmount(0, [0, 0], 8550)).toEqual([0, 0]);
    expect(shareAmount(0, [], 8550)).toEqual([]);
    expect(() => shareAmount(5, [0, 0], 8550)).toThrow(RangeError);
    expect(() => shareAmount(16675, [6600, 420], 8550)).toThrow(RangeError);
    expect(() => shareAmount(16671, [6600, 420], 8550)).toThrow(RangeError);
  });
});
