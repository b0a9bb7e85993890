import type { Scanner } from './scanner';

const QUOTE_PAIRS: ReadonlyArray<[string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['„', '“'],
  ['«', '»'],
  ['`', '`'],
];

/**
 * An input wholly wrapped in one pair of quotes is a literal title (RULES §1): returns the inner text,
 * or null when the input is not such a literal.
 */
export function literalTitle(input: string): string | null {
  const text = input.trim();
  if (text.length < 3) return null;
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.startsWith(open) && text.endsWith(close)) {
      const inner = text.slice(open.length, text.length - close.length);
      if (inner.trim() === '' || inner.includes(close)) continue;
      return inner.trim();
    }
  }
  return null;
}

/**
 * What is never parsed, each with a cheap hint: a pattern runs only on texts holding its hint's
 * characters (the capture box runs this on every keystroke).
 */
const LITERALS: ReadonlyArray<{ hint: RegExp; pattern: RegExp }> = [
  // "double", “curly”, „low“, «guillemets»
  { hint: /["“„«]/u, pattern: /(?<![+#*])(?:"[^"\n]+"|“[^”\n]+”|„[^“\n]+“|«[^»\n]+»)/gu },
  // 'single' and ‘curly single’: the opening quote after start/space/bracket, the closing one before end/space/punctuation
  { hint: /['‘]/u, pattern: /(?<=^|[\s([{])'(?=\S)[^'\n]*?[^\s']'(?=$|[\s.,;:!?)\]}])/gu },
  { hint: /['‘]/u, pattern: /(?<=^|[\s([{])‘(?=\S)[^’\n]*?[^\s’]’(?=$|[\s.,;:!?)\]}])/gu },
  // URLs and e-mail addresses
  { hint: /[.:]/u, pattern: /\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"]+/giu },
  { hint: /@/u, pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu },
  // domains like example.com or monday.com
  { hint: /\./u, pattern: /(?<![\p{L}\p{N}@])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|org|net|io|dev|app|co|ai|de|uk|fr|eu|us|gov|edu|info|biz|me|tv|ly)(?![\p{L}\p{N}])(?:\/[^\s]*)?/giu },
  // paths: /var/log, ~/docs, C:\Users, a/b/c with letters
  { hint: /[/\\]/u, pattern: /(?<![\p{L}\p{N}])(?:~|\.{1,2})?\/[\p{L}\p{N}._-]+(?:\/[\p{L}\p{N}._-]*)+/gu },
  { hint: /[/\\]/u, pattern: /(?<![\p{L}\p{N}])[A-Za-z]:\\[^\s]+/gu },
  { hint: /[/\\]/u, pattern: /(?<![\p{L}\p{N}/])[\p{L}\p{N}_.-]*\p{L}[\p{L}\p{N}_.-]*(?:\/[\p{L}\p{N}_.-]+){2,}/gu },
  // versions and numbered references: v1.1.1, 1.2.3.4, 1.2.3 (a date needs a 2- or 4-digit year)
  { hint: /\d\.\d/u, pattern: /(?<![\p{L}\p{N}.])v\d+(?:\.\d+)+(?![\p{L}\p{N}])/giu },
  { hint: /\d\.\d/u, pattern: /(?<![\p{L}\p{N}.])\d+\.\d+\.\d\b(?!\d)(?:\.\d+)*/gu },
  { hint: /\d\.\d/u, pattern: /(?<![\p{L}\p{N}.])\d+(?:\.\d+){3,}/gu },
  // label markup (`*label`, `*"label with space"`)
  { hint: /\*/u, pattern: /(?<=^|\s)\*(?:"[^"\n]+"|'[^'\n]+'|[\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu },
];

/**
 * Marks what is never parsed: quoted parts (a quote that opens after a space and closes before one;
 * apostrophes in "Sunday's" or "don't" are ordinary characters), URLs, e-mail addresses, paths, version
 * numbers and label markup (`*label`).
 */
export function protectLiterals(scanner: Scanner): void {
  const text = scanner.text;
  for (const { hint, pattern } of LITERALS) {
    if (!hint.test(text)) continue;
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      scanner.protect(start, start + match[0].length);
    }
  }
}
