import { clientMatcher, clientNameLength, foldChars, nameTokens } from './clients';
import { monthIndex, weekdayIndex } from './lexicon';

/** Words that say nothing about the kind of work. */
const STOP_WORDS = new Set(
  `a an the to for of with and or on at by in into from about re regarding per via vs as is are be it its this that these those
  my our your their his her me us them him i we you they please some any all new quick again also just up out off
  today tonight tomorrow yesterday morning afternoon evening night noon midday midnight week weekend month year day days
  next last this every each eod eow eom asap am pm`.split(/\s+/u),
);

/** How many meaningful words make the key: enough to tell kinds of work apart, few enough to ignore the details. */
const KEY_WORDS = 3;

/** "invoices" → "invoice", "reviews" → "review"; "business", "status", "analysis" stay. */
function singular(word: string): string {
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/u.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * A stable key for "the same kind of work" (DECISIONS 28: usual estimates are remembered per kind):
 * lower case, accents folded, the user's client names (and their unique leading words), numbers, dates
 * and stop words dropped, the first few meaningful words. "Weekly review with Acme" and "weekly review"
 * give the same key. Null when nothing meaningful is left. The api stores habits under this key, so it
 * must be computed with the same client list the structurer gets.
 */
export function taskKind(title: string, clients: readonly string[]): string | null {
  // "Acme's report": the possessive goes with the name.
  const words = nameTokens(title.replace(/['’ʼ]s(?![\p{L}\p{N}])/gu, ''));
  const matcher = clientMatcher(clients);
  const keep: string[] = [];
  for (let i = 0; i < words.length && keep.length < KEY_WORDS; ) {
    const name = clientNameLength(matcher, words, i);
    if (name > 0) {
      i += name;
      continue;
    }
    const word = words[i] as string;
    i += 1;
    if (/\d/u.test(word) || STOP_WORDS.has(word) || weekdayIndex(word) !== null || monthIndex(word) !== null) continue;
    if (word.length < 2) continue;
    keep.push(singular(word));
  }
  if (keep.length === 0) return null;
  return foldChars(keep.join(' '));
}
