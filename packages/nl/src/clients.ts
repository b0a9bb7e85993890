import { COMMON_WORDS, monthIndex, weekdayIndex } from './lexicon';
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
  for (const ch of text) {
    if (ch.charCodeAt(0) < 128) {
      out += ch.toLowerCase();
      continue;
    }
    if (ch === '’' || ch === 'ʼ' || ch === '‘') {
      out += "'";
      continue;
    }
    const folded = ch.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
    if (folded.length === ch.length) out += folded;
    else {
      const lower = ch.toLowerCase();
      out += lower.length === ch.length ? lower : ch;
    }
  }
  return out;
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

/** The comparable words of a name: NFC, folded, `&` = `and`, a trailing period optional. */
export function nameTokens(name: string): string[] {
  return (foldChars(name.normalize('NFC')).match(TOKEN) ?? []).map(normToken);
}

const compact = (name: string) => foldChars(name.normalize('NFC')).replace(/[^\p{L}\p{N}]/gu, '');

interface NameEntry {
  tokens: string[];
  /** Canonical client name. */
  client: string;
  /** The full name or alias (not a leading word sequence of it). */
  full: boolean;
  /** Written without spaces (CJK): matched as a substring of the text. */
  unspaced: string | null;
}

/** The user's client names and aliases, prepared once per list (clients' patterns are cached per list). */
export interface ClientMatcher {
  readonly clients: readonly string[];
  readonly entries: readonly NameEntry[];
  /** Entries by their first word, longest first. */
  readonly byFirst: ReadonlyMap<string, NameEntry[]>;
  readonly unspaced: readonly NameEntry[];
}

function buildMatcher(clients: readonly string[], aliases: readonly ClientAliasEntry[]): ClientMatcher {
  const sources: Array<{ name: string; client: string }> = clients.map((client) => ({ name: client, client }));
  for (const { alias, client } of aliases) {
    const canonical = clients.find((c) => c === client) ?? clients.find((c) => nameTokens(c).join(' ') === nameTokens(client).join(' '));
    if (canonical !== undefined && alias.trim() !== '') sources.push({ name: alias, client: canonical });
  }
  const named = sources.map((source) => ({ ...source, tokens: nameTokens(source.name) })).filter((source) => source.tokens.length > 0);
  // "The Home Depot" is also written "Home Depot".
  for (const source of [...named]) {
    if (source.tokens[0] === 'the' && source.tokens.length > 1) named.push({ ...source, tokens: source.tokens.slice(1) });
  }
  const entries: NameEntry[] = [];
  for (const source of named) {
    const unspaced = UNSPACED.test(source.name) ? compact(source.name) : null;
    entries.push({ tokens: source.tokens, client: source.client, full: true, unspaced });
    if (unspaced !== null) continue;
    for (let k = source.tokens.length - 1; k >= 1; k -= 1) {
      const seq = source.tokens.slice(0, k);
      if (seq.every((t) => NOT_A_PREFIX.has(t) || /^\d+$/u.test(t) || t.length === 1)) continue;
      // "The Home Depot": "the home" is no name; a prefix opening with "the" needs an uncommon word.
      if (NOT_A_PREFIX.has(seq[0] as string) && seq.every((t) => NOT_A_PREFIX.has(t) || COMMON_WORDS.has(t))) continue;
      const shared = named.some((other) => other.client !== source.client && seq.every((t, i) => other.tokens[i] === t));
      if (!shared) entries.push({ tokens: seq, client: source.client, full: false, unspaced: null });
    }
  }
  const byFirst = new Map<string, NameEntry[]>();
  for (const entry of entries) {
    if (entry.unspaced !== null) continue;
    const key = entry.tokens[0] as string;
    const list = byFirst.get(key) ?? [];
    list.push(entry);
    byFirst.set(key, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length || Number(b.full) - Number(a.full));
  return { clients, entries, byFirst, unspaced: entries.filter((e) => e.unspaced !== null) };
}

const cache = new Map<string, ClientMatcher>();
const CACHE_SIZE = 8;

/** The matcher of a client list and its aliases, built once per list. */
export function clientMatcher(clients: readonly string[], aliases: readonly ClientAliasEntry[] = []): ClientMatcher {
  const key = `${clients.join('\u0000')}\u0001${aliases.map((a) => `${a.alias}\u0000${a.client}`).join('\u0000')}`;
  let matcher = cache.get(key);
  if (matcher === undefined) {
    matcher = buildMatcher(clients, aliases);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, matcher);
  }
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
  if (typed.length === 0 || matcher.entries.length === 0) return null;
  const joined = typed.join(' ');
  const sameWords = matcher.entries.filter((e) => e.tokens.join(' ') === joined);
  const exact = sameWords.find((e) => e.full) ?? sameWords[0];
  if (exact !== undefined) return exact.client;
  const typedCompact = compact(bare);
  const sameLetters = [...new Set(matcher.entries.filter((e) => e.full && e.tokens.join('') === typedCompact).map((e) => e.client))];
  return sameLetters.length === 1 ? (sameLetters[0] as string) : null;
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
}

function tokenize(view: string): Token[] {
  const tokens: Token[] = [];
  for (const match of view.matchAll(TOKEN)) {
    const raw = match[0];
    const start = match.index ?? 0;
    tokens.push({ norm: normToken(raw), base: POSSESSIVE.test(raw) ? normToken(raw.replace(POSSESSIVE, '')) : null, start, end: start + raw.length });
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
  if (matcher.entries.length === 0) return [];
  const view = scanner.view();
  const folded = foldChars(view);
  const text = scanner.text;
  const tokens = tokenize(folded);
  const found: ClientMatch[] = [];
  let covered = -1;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.start < covered) continue;
    const candidates = [...(matcher.byFirst.get(token.norm) ?? []), ...(token.base !== null ? (matcher.byFirst.get(token.base) ?? []) : [])];
    let best: ClientMatch | null = null;
    for (const entry of candidates) {
      const end = matchAt(tokens, i, entry.tokens, folded);
      if (end === null) continue;
      if (!entry.full && !leadingTemporal && entry.tokens.every(isTemporal)) continue;
      const lastToken = tokens[i + entry.tokens.length - 1] as Token;
      const possessive = lastToken.base !== null && lastToken.base === entry.tokens[entry.tokens.length - 1] && lastToken.norm !== lastToken.base;
      if (entry.tokens.length === 1 && COMMON_WORDS.has(entry.tokens[0] as string) && !commonWordIsName(text, folded, tokens, i, possessive)) continue;
      if (!best || end > best.end) best = { name: entry.client, start: token.start, end, full: entry.full };
    }
    if (best) {
      found.push(best);
      covered = best.end;
    }
  }
  for (const entry of matcher.unspaced) {
    const at = folded.indexOf(entry.unspaced as string);
    if (at >= 0) found.push({ name: entry.client, start: at, end: at + (entry.unspaced as string).length, full: true });
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The end offset when the name's words follow from token `i` on (the last one may be possessive), else null. */
function matchAt(tokens: readonly Token[], i: number, words: readonly string[], folded: string): number | null {
  for (let k = 0; k < words.length; k += 1) {
    const token = tokens[i + k];
    if (token === undefined) return null;
    const last = k === words.length - 1;
    if (token.norm !== words[k] && !(last && token.base === words[k])) return null;
    if (k > 0 && !NAME_GAP.test(folded.slice((tokens[i + k - 1] as Token).end, token.start))) return null;
  }
  return (tokens[i + words.length - 1] as Token).end;
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
