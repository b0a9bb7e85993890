import { COMMON_WORDS } from './lexicon';
import type { Scanner } from './scanner';
import type { Segment } from './segments';

/**
 * Client matching (RULES §2): the user's own list is the truth, `clientName` is always one of its
 * entries in canonical spelling, or null. Case- and accent-insensitive, whole words; the full name or a
 * unique leading word sequence ("acme" → Acme Corp unless Acme Logistics exists too).
 */

/** Lower case without accents, one output unit per input unit (indices stay valid). */
export function foldChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const folded = ch.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
    if (folded.length === ch.length) out += folded;
    else {
      const lower = ch.toLowerCase();
      out += lower.length === ch.length ? lower : ch;
    }
  }
  return out;
}

const words = (name: string) => foldChars(name.normalize('NFC')).trim().split(/\s+/).filter(Boolean);
const compact = (name: string) => foldChars(name.normalize('NFC')).replace(/[^\p{L}\p{N}]/gu, '');
const NON_LATIN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * The client a typed name refers to: the full name, the same letters without spaces or punctuation
 * (`#starkindustries`), or a leading word sequence shared by no other client. Null when unknown or ambiguous.
 */
export function resolveClientName(candidate: string, clients: readonly string[]): string | null {
  const typed = words(candidate.replace(/['’]s$/u, ''));
  if (typed.length === 0 || clients.length === 0) return null;
  const joined = typed.join(' ');
  const exact = clients.find((c) => words(c).join(' ') === joined);
  if (exact !== undefined) return exact;
  const typedCompact = compact(candidate.replace(/['’]s$/u, ''));
  const sameLetters = clients.filter((c) => compact(c) === typedCompact);
  if (sameLetters.length === 1) return sameLetters[0] as string;
  const prefixed = clients.filter((c) => {
    const w = words(c);
    return w.length > typed.length && typed.every((t, i) => w[i] === t);
  });
  return prefixed.length === 1 ? (prefixed[0] as string) : null;
}

/** Same as `resolveClientName`, also accepting a model's slightly different spelling of a full name. */
export function canonicalClientName(name: string | null | undefined, clients: readonly string[]): string | null {
  if (typeof name !== 'string' || name.trim() === '') return null;
  return resolveClientName(name.trim(), clients);
}

/**
 * Client markup (`+Acme`, `#acme`, `+"Office Move"`, `+'long name'`): the first one naming a client sets it
 * and goes from the title; the others are kept as typed, and never parsed.
 */
export function recognizeClientMarkup(scanner: Scanner, clients: readonly string[]): void {
  const re = /(?<![\p{L}\p{N}_+#])[+#](?:"([^"\n]+)"|'([^'\n]+)'|“([^”\n]+)”|([\p{L}\p{N}_][\p{L}\p{N}_&.-]*[\p{L}\p{N}_]|[\p{L}\p{N}_]))/gu;
  let found = scanner.hits.some((h) => h.value.field === 'client');
  for (const match of scanner.view().matchAll(re)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (!scanner.isFree(start, end)) continue;
    const name = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim();
    const client = found ? null : resolveClientName(name, clients);
    if (client !== null) {
      scanner.add(start, end, { field: 'client', name: client });
      found = true;
    } else {
      scanner.protect(start, end);
    }
  }
}

/**
 * A leading `Globex:` or `Globex -` marker naming a client: it sets the client and is not the title
 * (a separator right after a leading marker is not a description separator).
 */
export function recognizeLeadingClient(scanner: Scanner, segments: readonly Segment[], clients: readonly string[]): void {
  const first = segments[0];
  if (!first || segments.length < 2 || (first.separator !== 'colon' && first.separator !== 'dash')) return;
  const raw = scanner.view().slice(first.start, first.end);
  const name = raw.trim();
  if (name === '' || /[\u0001\u0002]/u.test(name)) return;
  const client = resolveClientName(name, clients);
  if (client === null) return;
  const offset = raw.indexOf(name);
  scanner.add(first.start + offset, first.start + offset + name.length, { field: 'client', name: client });
}

export interface ClientMatch {
  name: string;
  start: number;
  end: number;
  full: boolean;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A client named in the free text between `from` and `to` (not in quoted or consumed parts): the earliest
 * full name or unique leading word sequence. A single common word in lower case ("sales target", "the
 * project") is the ordinary word, not the client.
 */
export function findClientInText(scanner: Scanner, clients: readonly string[], from: number, to: number): ClientMatch | null {
  if (clients.length === 0 || to <= from) return null;
  const view = foldChars(scanner.view());
  const original = scanner.text;
  const clientWords = clients.map(words);
  let best: ClientMatch | null = null;

  clients.forEach((client, index) => {
    const w = clientWords[index] as string[];
    if (w.length === 0) return;
    const candidates: Array<{ seq: string[]; full: boolean }> = [{ seq: w, full: true }];
    for (let k = w.length - 1; k >= 1; k -= 1) {
      const seq = w.slice(0, k);
      const shared = clientWords.some((other, j) => j !== index && seq.every((t, i) => other[i] === t));
      if (!shared) candidates.push({ seq, full: false });
    }
    for (const { seq, full } of candidates) {
      const body = seq.map(escapeRegex).join('\\s+');
      const nonLatin = NON_LATIN.test(seq.join(''));
      const pattern = nonLatin ? new RegExp(body, 'gu') : new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?:['’]s)?(?![\\p{L}\\p{N}_])`, 'gu');
      for (const match of view.slice(0, to).matchAll(pattern)) {
        const start = match.index ?? 0;
        const end = start + match[0].length;
        if (start < from || !scanner.isFree(start, end)) continue;
        if (!full || seq.length === 1) {
          const typed = original.slice(start, end).replace(/['’]s$/u, '');
          const lowerCase = typed === typed.toLowerCase();
          if (seq.length === 1 && lowerCase && COMMON_WORDS.has(seq[0] as string)) continue;
        }
        if (!best || start < best.start || (start === best.start && end > best.end)) best = { name: client, start, end, full };
        break;
      }
    }
  });
  return best;
}
