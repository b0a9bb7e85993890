/**
 * How billed time becomes hours and money (DECISIONS 31). One rule, used by the report, the CSV, "mark as
 * billed" and the client totals:
 *
 * 1. A client has one rate (its own, else the user's default). Each quantity is rounded ONCE, on the
 *    client's total: hours to the hundredth, `round(seconds / 36) / 100`; the amount to the minor unit,
 *    `round(seconds × rate / 3600)` (half up).
 * 2. The task rows share that rounded total by the largest remainder method (`shareOut`): every row gets
 *    its own exact value (its seconds × rate / 3600, or its seconds / 36) rounded down, and the units left
 *    over go one each to the rows with the largest remainders (ties: the earlier row). So the rows add up
 *    to the total exactly, and each row is its exact value rounded down or up (the value itself when it is
 *    whole). The day rows share the total the same way, separately; the CSV's lines share their task
 *    row's figure. Where a day's lines and its row cannot agree as well, the task row wins.
 * 3. A report over several clients adds its clients up.
 */

export const SECONDS_PER_HOUR = 3600;
/** Seconds in a hundredth of an hour. */
const SECONDS_PER_HUNDREDTH = 36;

/** round(numerator / denominator), half up, for numerator ≥ 0 and denominator > 0, exact on big values. */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** The amount of `seconds` at `rateMinor` per hour, in minor units: round(seconds × rate / 3600). */
export function amountMinor(seconds: number, rateMinor: number): number {
  return Number(roundedQuotient(BigInt(seconds) * BigInt(rateMinor), BigInt(SECONDS_PER_HOUR)));
}

/** Hundredths of an hour in `seconds`, rounded half up: 1800 s → 50 (0.50 h), 600 s → 17. */
export function hundredthsOfHour(seconds: number): number {
  return Number(roundedQuotient(BigInt(seconds), BigInt(SECONDS_PER_HUNDREDTH)));
}

/** Hundredths of an hour as the hours people read and the api answers: 1250 → 12.5. */
export const hoursFromHundredths = (hundredths: number) => hundredths / 100;

/** Hundredths of an hour as a decimal with two places, exact: 1250 → '12.50', 17 → '0.17'. */
export function hundredthsToDecimal(hundredths: number): string {
  const padded = String(hundredths).padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/**
 * Shares the whole number `total` among rows whose exact shares are `weight × multiplier / divisor` (the
 * exact amount of a row's seconds at a rate: multiplier rate, divisor 3600; its hundredths of an hour:
 * multiplier 1, divisor 36), by the largest remainder method: each row gets its exact share rounded down,
 * and the units left over go one each to the rows with the largest remainders (ties: the earlier row).
 * The result adds up to `total` exactly. `total` must be the exact sum rounded (or a share this rule gave):
 * anything further from the exact sum throws a RangeError.
 */
export function shareOut(total: number, weights: readonly number[], multiplier: number, divisor: number): number[] {
  const [scale, by] = [BigInt(multiplier), BigInt(divisor)];
  const shares = weights.map((weight) => (BigInt(weight) * scale) / by);
  const remainders = weights.map((weight) => (BigInt(weight) * scale) % by);
  let left = total - Number(shares.reduce((sum, share) => sum + share, 0n));
  const withRemainder = remainders.filter((remainder) => remainder > 0n).length;
  if (left < 0 || left > withRemainder) throw new RangeError(`Cannot share ${total} among rows whose exact shares add up to something else`);
  const byRemainder = weights.map((_, index) => index).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  for (const index of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** The rows' shares of an amount rounded once on their total seconds at `rateMinor` (see `shareOut`). */
export const shareAmount = (total: number, seconds: readonly number[], rateMinor: number) => shareOut(total, seconds, rateMinor, SECONDS_PER_HOUR);

/** The rows' shares of hundredths of an hour rounded once on their total seconds (see `shareOut`). */
export const shareHundredths = (total: number, seconds: readonly number[]) => shareOut(total, seconds, 1, SECONDS_PER_HUNDREDTH);
