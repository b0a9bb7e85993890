import { COMMON_WORDS, monthIndex, weekdayIndex } from './lexicon';
import { NameIndex, type NamePosition, type NameRef } from './name-index';
import type { Scanner } from './scanner';
import type { Segment } from './segments';

/**
 * Client matching (RULES §2): the user's own list is the truth, `clientName` is always one of its
 * entries in canonical spelling, or null. Case- and accent-insensitive, whole words; the full name, an
 * alias the user taught (DECISIONS 28), or a unique leading word sequence ("acme" → Acme Corp unless
 * Acme Logistics exists too). One normalising comparison for every path: text, markup, leading
 * `Name:`, and the names a model or the api hands in.
 */

/** A name the user calls a client by; `client` is the canonical name (one of the client list). */
export interface ClientAliasEntry {
  alias: string;
  client: string;
}

/** Lower case without accents, typographic apostrophes as `'`; one output unit per input unit (indices stay valid). */
export function foldChars(text: string): string {
  // Plain ASCII (the common case, on every keystroke): lower case is enough.
  if (/^[\x00-\x7f]*$/u.test(text)) return text.toLowerCase();
  let out = '';
  let plainFrom = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) < 128) continue;
    const point = text.codePointAt(i) as number;
    if (i > plainFrom) out += text.slice(plainFrom, i).toLowerCase();
    out += foldChar(point);
    if (point > 0xffff) i += 1;
    plainFrom = i + 1;
  }
  return out + text.slice(plainFrom).toLowerCase();
}

/** Each character met beyond ASCII, folded (one at a time, normalising is slow: 20,000 CJK names hold a few dozen characters). */
const foldedChars = new Map<number, string>();
const FOLDED_CHARS_KEPT = 5_000;

function foldChar(point: number): string {
  let folded = foldedChars.get(point);
  if (folded !== undefined) return folded;
  const ch = String.fromCodePoint(point);
  if (ch === '’' || ch === 'ʼ' || ch === '‘') folded = "'";
  else {
    const bare = ch.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
    const lower = ch.toLowerCase();
    folded = bare.length === ch.length ? bare : lower.length === ch.length ? lower : ch;
  }
  if (foldedChars.size < FOLDED_CHARS_KEPT) foldedChars.set(point, folded);
  return folded;
}

/** Words of a name or of the text: letters and digits with inner apostrophes ("o'brien"), and `&`. */
const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*|&/gu;
/** What may stand between two words of one name in the text: spaces, a hyphen, the period of "Co." */
const NAME_GAP = /^[ \t.-]*$/u;
/** Scripts written without spaces: a name in them is found as a substring. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const POSSESSIVE = /'s$/u;
/** Words that cannot be a client's leading word sequence on their own ("The Coffee House" is not "the"). */
const NOT_A_PREFIX = new Set('the a an of and for to at in on by with my our your mr mrs ms dr st'.split(' '));

/** A word as compared: folded, `&` = `and`, apostrophes dropped ("O’Brien" = "OBrien"). */
const normToken = (token: string) => (token === '&' ? 'and' : token.replace(/'/gu, ''));

/** A name as compared: NFC, folded. */
const foldName = (name: string) => foldChars(name.normalize('NFC'));
const wordsOf = (folded: string) => (folded.match(TOKEN) ?? []).map(normToken);
const lettersOf = (folded: string) => folded.replace(/[^\p{L}\p{N}]/gu, '');

/** The comparable words of a name: NFC, folded, `&` = `and`, a trailing period optional. */
export function nameTokens(name: string): string[] {
  return wordsOf(foldName(name));
}

/** The letters and digits of a name, folded ("Stark Industries" → "starkindustries"). */
const compact = (name: string) => lettersOf(foldName(name));

/** The user's client names and aliases, prepared once per list (`clientMatcher`). */
export interface ClientMatcher {
  /** The names' words (RULES §2): full names and aliases, and their leading word sequences. */
  readonly names: NameIndex;
  /** Names written without spaces (CJK), by their letters: the clients in list order, for reading them as substrings. */
  readonly unspaced: ReadonlyMap<string, readonly NameRef[]>;
  /** The lengths of those names, shortest first. */
  readonly unspacedLengths: readonly number[];
  /** A full name's or alias's letters without spaces (`#starkindustries`), to its client; null when two clients share them. */
  readonly byLetters: ReadonlyMap<string, string | null>;
}

/** Words that name nothing on their own: a leading word sequence made only of them is no name ("the", "a", "3"). */
const isWeakWord = (word: string) => NOT_A_PREFIX.has(word) || /^\d+$/u.test(word) || word.length === 1;

/**
 * The words read so far (the trie is walked word by word): how many, the last, whether they all read as
 * dates or times ("Noon" of Noon Bakery), and whether, as a leading word sequence, they are too weak to
 * stand for a client (RULES §2): only articles, initials and numbers, or an opening "the" with nothing
 * uncommon after it ("The Home Depot": "the home" is no name).
 */
class WordsRead {
  static readonly NONE = new WordsRead(0, '', true, false, true, true);

  private constructor(
    readonly count: number,
    readonly last: string,
    private readonly allWeak: boolean,
    private readonly opensWithArticle: boolean,
    private readonly allArticleOrCommon: boolean,
    readonly temporal: boolean,
  ) {}

  next(word: string): WordsRead {
    return new WordsRead(
      this.count + 1,
      word,
      this.allWeak && isWeakWord(word),
      this.count === 0 ? NOT_A_PREFIX.has(word) : this.opensWithArticle,
      this.allArticleOrCommon && (NOT_A_PREFIX.has(word) || COMMON_WORDS.has(word)),
      this.temporal && isTemporal(word),
    );
  }

  get weak(): boolean {
    return this.allWeak || (this.opensWithArticle && this.allArticleOrCommon);
  }
}

/**
 * What the words read so far name: a full name or alias, else a leading word sequence that only one
 * client's names start with (and that is not too weak to stand for it). `spaced`: only names written
 * with spaces (the text is read word by word; a typed name may also be a CJK one).
 */
function nameAt(index: NameIndex, position: NamePosition, words: WordsRead, spaced: boolean): { ref: NameRef; full: boolean } | null {
  const full = index.fullName(position, spaced);
  if (full !== null) return { ref: full, full: true };
  const part = words.weak ? null : index.leadingPart(position);
  return part === null ? null : { ref: part, full: false };
}

function buildMatcher(clients: readonly string[], aliases: readonly ClientAliasEntry[]): ClientMatcher {
  // An alias names a client of the list: the same spelling, else the first with the same words.
  const listed = new Set(clients);
  const byWords = new Map<string, string>();
  for (const client of clients) {
    const key = nameTokens(client).join(' ');
    if (!byWords.has(key)) byWords.set(key, client);
  }
  const sources: Array<{ name: string; client: string }> = clients.map((client) => ({ name: client, client }));
  for (const { alias, client } of aliases) {
    const canonical = listed.has(client) ? client : byWords.get(nameTokens(client).join(' '));
    if (canonical !== undefined && alias.trim() !== '') sources.push({ name: alias, client: canonical });
  }
  const named = sources
    .map(({ name, client }) => {
      const folded = foldName(name);
      return { client, tokens: wordsOf(folded), letters: UNSPACED.test(name) ? lettersOf(folded) : null };
    })
    .filter((source) => source.tokens.length > 0);
  // "The Home Depot" is also written "Home Depot".
  for (const source of [...named]) {
    if (source.tokens[0] === 'the' && source.tokens.length > 1) named.push({ ...source, tokens: source.tokens.slice(1) });
  }
  const names = new NameIndex();
  const unspaced = new Map<string, NameRef[]>();
  const byLetters = new Map<string, string | null>();
  const unspacedSeen = new Set<string>();
  for (const [rank, { tokens, client, letters }] of named.entries()) {
    names.add(tokens, client, letters === null);
    // The same letters for the same client twice say nothing more.
    if (letters !== null && !unspacedSeen.has(`${letters}\u0000${client}`)) {
      unspacedSeen.add(`${letters}\u0000${client}`);
      const refs = unspaced.get(letters) ?? [];
      refs.push({ client, rank });
      unspaced.set(letters, refs);
    }
    const joined = tokens.join('');
    const known = byLetters.get(joined);
    byLetters.set(joined, known === undefined || known === client ? client : null);
  }
  const unspacedLengths = [...new Set([...unspaced.keys()].map((letters) => letters.length))].sort((a, b) => a - b);
  return { names, unspaced, unspacedLengths, byLetters };
}

const NO_ALIASES: readonly ClientAliasEntry[] = [];
/**
 * The matchers of the lists last seen, by content (the worker gets a new copy of the list with each job):
 * at most 8 lists and 50,000 names in all (a full quota is 21,000 names, some 20 MB of index).
 */
const byContent = new Map<string, ClientMatcher>();
const CACHED_LISTS = 8;
const CACHED_NAMES = 50_000;
let cachedNames = 0;
/** The same, by identity of the arrays (the capture box passes the same lists on every keystroke); lists are never changed in place. */
const byIdentity = new WeakMap<readonly string[], WeakMap<readonly ClientAliasEntry[], ClientMatcher>>();

/** The matcher of a client list and its aliases, built once per list. */
export function clientMatcher(clients: readonly string[], aliases: readonly ClientAliasEntry[] = NO_ALIASES): ClientMatcher {
  const seen = byIdentity.get(clients)?.get(aliases);
  if (seen !== undefined) return seen;
  const key = `${clients.join('\u0000')}\u0001${aliases.map((a) => `${a.alias}\u0000${a.client}`).join('\u0000')}`;
  let matcher = byContent.get(key);
  if (matcher === undefined) {
    matcher = buildMatcher(clients, aliases);
    const size = matcher.names.size;
    for (const [oldest, old] of byContent) {
      if (byContent.size < CACHED_LISTS && cachedNames + size <= CACHED_NAMES) break;
      byContent.delete(oldest);
      cachedNames -= old.names.size;
    }
    byContent.set(key, matcher);
    cachedNames += size;
  }
  let forClients = byIdentity.get(clients);
  if (forClients === undefined) byIdentity.set(clients, (forClients = new WeakMap()));
  forClients.set(aliases, matcher);
  return matcher;
}

/**
 * The client a typed name refers to: the full name or an alias (same normalising comparison as in the
 * text: case, accents, apostrophes, `&` = `and`, trailing period, a possessive 's), the same letters
 * without spaces or punctuation (`#starkindustries`), or a leading word sequence shared by no other
 * client. Null when unknown or ambiguous.
 */
export function resolveClientName(candidate: string, clients: readonly string[], aliases: readonly ClientAliasEntry[] = []): string | null {
  if (clients.length === 0) return null;
  return resolveWith(clientMatcher(clients, aliases), candidate);
}

function resolveWith(matcher: ClientMatcher, candidate: string): string | null {
  const bare = candidate.trim().replace(/['’ʼ]s$/u, '');
  const typed = nameTokens(bare);
  if (typed.length === 0 || matcher.names.size === 0) return null;
  const { names } = matcher;
  let position: NamePosition | null = names.start;
  let words = WordsRead.NONE;
  for (const word of typed) {
    position = position && names.step(position, word);
    words = words.next(word);
  }
  const named = position && nameAt(names, position, words, false);
  if (named) return named.ref.client;
  return matcher.byLetters.get(compact(bare)) ?? null;
}

/** Same as `resolveClientName` for a name that may be missing (a model's answer, a request field). */
export function canonicalClientName(name: string | null | undefined, clients: readonly string[], aliases: readonly ClientAliasEntry[] = []): string | null {
  if (typeof name !== 'string' || name.trim() === '') return null;
  return resolveClientName(name.trim(), clients, aliases);
}

/** Client markup naming no client of the user's: the preview offers to create it. */
export interface UnknownClient {
  /** The name as typed, without the `+`/`#` or quotes. */
  name: string;
  start: number;
  end: number;
}

const MARKUP = /(?<![\p{L}\p{N}_+#])[+#](?:"([^"\n]+)"|'([^'\n]+)'|“([^”\n]+)”|([\p{L}\p{N}_][\p{L}\p{N}_&.'’-]*[\p{L}\p{N}_]|[\p{L}\p{N}_]))/gu;

/**
 * Client markup (`+Acme`, `#acme`, `+"Office Move"`, `+'long name'`): the first one naming a client sets it
 * and goes from the title; the others are kept as typed, and never parsed. Returns the first markup that
 * names no client (`+Hooli`, `#hooli`; not `#42`).
 */
export function recognizeClientMarkup(scanner: Scanner, matcher: ClientMatcher): UnknownClient | null {
  let found = scanner.hits.some((h) => h.value.field === 'client');
  let unknown: UnknownClient | null = null;
  for (const match of scanner.view().matchAll(MARKUP)) {
    const start = match.index ?? 0;
    let end = start + match[0].length;
    let name = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    // "+Acme." / "#acme's": sentence punctuation and a possessive are not part of the name.
    if (match[4] !== undefined) {
      const trimmed = name.replace(/['’]s$/u, '').replace(/[.'’-]+$/u, '');
      end -= name.length - trimmed.length;
      name = trimmed;
    }
    name = name.trim();
    if (!scanner.isFree(start, end) || name === '') continue;
    const client = resolveWith(matcher, name);
    if (client !== null && !found) {
      scanner.add(start, end, { field: 'client', name: client });
      found = true;
      continue;
    }
    scanner.protect(start, end);
    if (client === null && unknown === null && /\p{L}/u.test(name)) unknown = { name, start, end };
  }
  return unknown;
}

/** Words before a leading client name that are not part of it ("For Harbor Dental:"). */
/** A short name-like qualifier: up to five capitalised words or numbers ("Master Bath Remodel", "Phase 2", "2nd Floor Bath"). */
const NAME_LIKE = /^(?:[\p{Lu}\p{N}][\p{L}\p{N}'’&.-]*)(?:\s+(?:[\p{Lu}\p{N}&][\p{L}\p{N}'’&.-]*|of|and|the|for|&)){0,4}$/u;
const LABEL_LEAD = /^(?:for|client|re|customer)\s+/iu;
/** Labels that open a note without naming a client ("Reminder: …", "Idea: …"). */
const LABEL_WORDS = new Set(
  'reminder note notes todo to-do task tasks fyi ps idea ideas question questions update urgent important asap critical emergency priority re fw fwd subject agenda goal goals next later tomorrow today tonight mom dad home personal work errands errand shopping groceries weekend every daily weekly monthly for'.split(
    ' ',
  ),
);

/** Verbs a task commonly opens with: after a leading unknown `Name:` they show the label names a client. */
const ACTION_VERBS = new Set(
  `call ring phone email e-mail mail text message ping send forward reply respond follow chase contact invite meet visit book schedule reschedule
  cancel confirm arrange organise organize plan prepare prep draft write rewrite edit review proofread check update fix repair install set
  finish finalise finalize complete submit file sign send pay invoice bill quote estimate order buy collect pick drop deliver ship deploy
  release publish post upload share print scan test migrate onboard audit reconcile research design build create make clean sort renew
  discuss ask tell remind present approve get do run host`.split(/\s+/u),
);

/**
 * A leading `Globex:` or `Globex -` marker naming a client: it sets the client and is not the title (a
 * separator right after a leading marker is not a description separator). A capitalised label that names
 * no client, before a task (`Hooli: send the report`), is returned as unknown: it stays in the title and
 * its colon does not split (the preview offers to create the client).
 */
export function recognizeLeadingClient(scanner: Scanner, segments: Segment[], matcher: ClientMatcher): UnknownClient | null {
  const first = segments[0];
  const second = segments[1];
  if (!first || !second || (first.separator !== 'colon' && first.separator !== 'dash')) return null;
  const raw = scanner.view().slice(first.start, first.end);
  // "For Harbor Dental:", "Client Acme -": the lead word is not part of the name.
  const name = raw.trim().replace(LABEL_LEAD, '');
  if (name === '' || /[\u0001\u0002]/u.test(name)) return null;
  const offset = raw.lastIndexOf(name);
  const start = first.start + offset;
  const end = start + name.length;
  const client = resolveWith(matcher, name);
  // "Delgado Residence - Master Bath Remodel": a dash before a short name-like qualifier is no label; the name stays a word.
  if (client !== null && first.separator === 'dash' && NAME_LIKE.test(scanner.view().slice(second.start, second.end).trim())) return null;
  if (client !== null) {
    const label = raw.trim();
    const labelStart = first.start + raw.indexOf(label);
    scanner.add(labelStart, labelStart + label.length, { field: 'client', name: client });
    return null;
  }
  if (first.separator !== 'colon') return null;
  const words = name.split(/\s+/u);
  const capitalised = words.every((w) => /^[\p{Lu}&]/u.test(w) && !/\d/u.test(w));
  const dateWord = words.some((w) => weekdayIndex(w) !== null || monthIndex(w) !== null || LABEL_WORDS.has(w.toLowerCase()));
  const commonWord = words.length === 1 && COMMON_WORDS.has(name.toLowerCase());
  if (words.length > 3 || !capitalised || dateWord || commonWord || name !== raw.trim()) return null;
  const next = /^\s*([\p{L}-]+)/u.exec(scanner.view().slice(second.start, second.end))?.[1]?.toLowerCase();
  if (next === undefined || !ACTION_VERBS.has(next)) return null;
  // Not a separator: the label and the task are one segment.
  segments.splice(0, 2, { start: first.start, end: second.end, separator: second.separator });
  return { name, start, end };
}

export interface ClientMatch {
  name: string;
  start: number;
  end: number;
  full: boolean;
}

/** Verbs whose object is a person or a company: after them a common word is a name (`call Apple`, `invoice target`). */
const CONTACT_VERBS = new Set(
  'call ring phone email e-mail mail text message ping send invoice bill pay meet intro introduce visit contact thank chase remind ask tell cc brief onboard'.split(' '),
);
/** "reply to apple", "meet with target": a contact verb, then "to" or "with", then the name. */
const CONTACT_LEADS = new Set('reply write talk speak meet meeting sync catch follow check lunch coffee call chat'.split(' '));
/** Words that do not make the word before them a modifier of a noun ("call apple about …" vs "apple juice"). */
const FREE_FOLLOWERS = new Set(
  'about re regarding on for to and or but with at by from in into tomorrow today tonight asap please again back first next this that the a an if when before after until till so then too also now later'.split(
    ' ',
  ),
);

interface Token {
  norm: string;
  /** The word without a possessive 's ("initech's" → "initech"), or null. */
  base: string | null;
  start: number;
  end: number;
  /** Only what may stand between two words of one name comes before it ("Smith & Co.", "Acme-Corp"). */
  joined: boolean;
}

function tokenize(view: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = -1;
  for (const match of view.matchAll(TOKEN)) {
    const raw = match[0];
    const start = match.index ?? 0;
    const joined = previousEnd >= 0 && NAME_GAP.test(view.slice(previousEnd, start));
    tokens.push({ norm: normToken(raw), base: POSSESSIVE.test(raw) ? normToken(raw.replace(POSSESSIVE, '')) : null, start, end: start + raw.length, joined });
    previousEnd = start + raw.length;
  }
  return tokens;
}

/** Words and dates that are read as dates or times when they are only a leading part of a client's name ("Noon" of Noon Bakery). */
const TEMPORAL = new Set('today tonight tomorrow yesterday noon midday midnight morning afternoon evening night eod eow eom weekend week month year'.split(' '));
const isTemporal = (word: string) => TEMPORAL.has(word) || weekdayIndex(word) !== null || monthIndex(word) !== null || /^\d/u.test(word);

/**
 * Every client named in the free text (not in quoted, protected or consumed parts), in text order: the
 * full names and aliases, and unique leading word sequences. A one-word name that is also a common word
 * ("Apple", "Target") counts when written as a name (capitalised other than at the start of a sentence),
 * as a possessive, or as the object of a contact verb; "apple juice", "sales target", "Target practice"
 * do not. `leadingTemporal` false leaves out partial names made of date words ("Noon" of Noon Bakery:
 * those are read after the dates, so "at noon" stays a time).
 */
export function findClientMentions(scanner: Scanner, matcher: ClientMatcher, leadingTemporal = true): ClientMatch[] {
  if (matcher.names.size === 0) return [];
  const view = scanner.view();
  const folded = foldChars(view);
  const text = scanner.text;
  const tokens = tokenize(folded);
  const found: ClientMatch[] = [];
  let covered = -1;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.start < covered) continue;
    const best = longestNameAt(tokens, i, matcher.names, (candidate, words, possessive) => {
      if (!candidate.full && !leadingTemporal && words.temporal) return false;
      return !(words.count === 1 && COMMON_WORDS.has(words.last) && !commonWordIsName(text, folded, tokens, i, possessive));
    });
    if (best) {
      found.push({ name: best.ref.client, start: token.start, end: (tokens[best.last] as Token).end, full: best.full });
      covered = (tokens[best.last] as Token).end;
    }
  }
  found.push(...unspacedMentions(folded, matcher));
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

interface NameMatch {
  ref: NameRef;
  full: boolean;
  /** Index of the name's last token. */
  last: number;
}

type NameFound = { ref: NameRef; full: boolean } | null;

/**
 * The longest name read from token `i` on, its words separated by name gaps only, the last one perhaps a
 * possessive ("Initech's"), and one that `accept`s. Of names as long, a full name before a leading part,
 * then the first in the list; a one-word name said as itself before one said as a possessive.
 */
function longestNameAt(
  tokens: readonly Token[],
  i: number,
  names: NameIndex,
  accept: (name: { full: boolean }, words: WordsRead, possessive: boolean) => boolean,
): NameMatch | null {
  const candidate = (position: NamePosition | null, words: WordsRead, possessive: boolean): NameFound => {
    const name = position && nameAt(names, position, words, true);
    return name && accept(name, words, possessive) ? name : null;
  };
  let best: NameMatch | null = null;
  let position = names.start;
  let words = WordsRead.NONE;
  for (let k = i; k < tokens.length; k += 1) {
    const token = tokens[k] as Token;
    if (k > i && !token.joined) break;
    const asWord = names.step(position, token.norm);
    const wordsAsWord = words.next(token.norm);
    const byWord = candidate(asWord, wordsAsWord, false);
    const byBase = token.base === null ? null : candidate(names.step(position, token.base), words.next(token.base), true);
    const name = k === i ? (byWord ?? byBase) : firstInList(byWord, byBase);
    if (name) best = { ...name, last: k };
    if (asWord === null) break;
    position = asWord;
    words = wordsAsWord;
  }
  return best;
}

/** Of two names as long: the full one, else the one first in the list. */
function firstInList(a: NameFound, b: NameFound): NameFound {
  if (a === null || b === null) return a ?? b;
  if (a.full !== b.full) return a.full ? a : b;
  return a.ref.rank <= b.ref.rank ? a : b;
}

/** How many of `words` from `i` on make the longest client name or leading word sequence there (0: none); exact words, no possessive. */
export function clientNameLength(matcher: ClientMatcher, words: readonly string[], i: number): number {
  const { names } = matcher;
  let position: NamePosition | null = names.start;
  let read = WordsRead.NONE;
  let length = 0;
  for (let k = i; k < words.length && position !== null; k += 1) {
    position = names.step(position, words[k] as string);
    read = read.next(words[k] as string);
    if (position !== null && nameAt(names, position, read, true) !== null) length = k - i + 1;
  }
  return length;
}

/** Names written without spaces (CJK) found as substrings of the text: each at its first place, in list order. */
function unspacedMentions(folded: string, matcher: ClientMatcher): ClientMatch[] {
  if (matcher.unspaced.size === 0) return [];
  const at = new Map<string, number>();
  for (let start = 0; start < folded.length; start += 1) {
    for (const length of matcher.unspacedLengths) {
      if (start + length > folded.length) break;
      const letters = folded.slice(start, start + length);
      if (!at.has(letters) && matcher.unspaced.has(letters)) at.set(letters, start);
    }
  }
  const found: Array<{ match: ClientMatch; rank: number }> = [];
  for (const [letters, start] of at) {
    for (const { client, rank } of matcher.unspaced.get(letters) ?? []) found.push({ match: { name: client, start, end: start + letters.length, full: true }, rank });
  }
  return found.sort((a, b) => a.rank - b.rank).map(({ match }) => match);
}

function commonWordIsName(text: string, folded: string, tokens: readonly Token[], i: number, possessive: boolean): boolean {
  if (possessive) return true;
  const token = tokens[i] as Token;
  const typed = text.slice(token.start, token.end);
  const previous = tokens[i - 1];
  const next = tokens[i + 1];
  const sentenceStart = previous === undefined || /[.!?:;\n\u0001\u0002]/u.test(folded.slice(previous.end, token.start));
  if (/^\p{Lu}/u.test(typed) && !sentenceStart) return true;
  const beforePrevious = tokens[i - 2];
  const contact =
    previous !== undefined &&
    /^\s+$/u.test(folded.slice(previous.end, token.start)) &&
    (CONTACT_VERBS.has(previous.norm) || ((previous.norm === 'to' || previous.norm === 'with') && beforePrevious !== undefined && CONTACT_LEADS.has(beforePrevious.norm)));
  if (contact) {
    // "call apple about …", "invoice target." — but "send apple pie recipes" is a noun phrase.
    const nextAdjacent = next !== undefined && /^\s+$/u.test(folded.slice(token.end, next.start));
    return !nextAdjacent || FREE_FOLLOWERS.has((next as Token).norm) || /^\p{Lu}/u.test(text.slice((next as Token).start, (next as Token).end));
  }
  return false;
}

/**
 * Client names win over dates, times, estimates and priorities (RULES §2): their words are protected
 * before the other recognisers run ("Noon Bakery order at noon tomorrow", "3M"). Returns the mentions.
 */
export function protectClientNames(scanner: Scanner, matcher: ClientMatcher): ClientMatch[] {
  const mentions = findClientMentions(scanner, matcher, false);
  for (const mention of mentions) scanner.protect(mention.start, mention.end);
  return mentions;
}
