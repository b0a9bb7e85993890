import { DEFAULT_PRIORITY, nextRecurrenceDate, type Priority, type RecurringType, type StructuredTask } from '@daybook/shared';
import { clientMatcher, foldChars, type ClientMatcher } from './clients';
import { createRuleContext, type RuleContext } from './context';
import { hhmm } from './helpers';
import {
  ACTION_VERBS,
  COMPOUND_HEADS,
  CONDITION_WORDS,
  FIELD_ANCHORS,
  FIELD_LINKS,
  FILLER_WORDS,
  HEADER_FIELD_WORDS,
  HEADER_WORDS,
  META_MARKERS,
  META_WORDS,
  NOT_A_COMPLEMENT,
  NOUN_LIKE_VERBS,
  PREPOSITIONS,
  WITHIN_ACTION_NEXT,
  WITHIN_ACTION_PHRASES,
  WITHIN_ACTION_VERBS,
} from './multi-words';
import { literalTitle, protectLiterals } from './protect';
import { analyseWithRules, type RulesAnalysis, type RulesInput, type RulesOptions } from './rules';
import { Scanner, type Hit, type HitValue, type PartOfDay } from './scanner';
import { splitSegments } from './segments';

/**
 * Several tasks in one utterance (RULES.md §8, DECISIONS 27): the text is split into tasks, each task is
 * read by the single-task rules from its own words, and a phrase said once for several tasks (a header)
 * is given to each of them. Pure and synchronous, like the rules.
 */

/** One task read from a part of the input. */
export interface TaskReading extends RulesAnalysis {
  /** The part of the input the task was read from (a shared header is not part of it). */
  start: number;
  end: number;
}

/** Every task the input names, in order of mention; an input naming one task gives one reading. */
export function analyseManyWithRules(request: RulesInput, options: RulesOptions = {}): TaskReading[] {
  const input = request.input;
  const whole = (): TaskReading[] => [{ ...analyseWithRules(request, options), start: 0, end: input.length }];
  if (input.trim() === '' || literalTitle(input) !== null) return whole();

  const reader = new Reader(request, options);
  try {
    const planned = new Planner(input, clientWords(request), (from, to) => reader.isHeader(from, to)).plan();
    const readings = reader.readAll(planned);
    return readings.length > 0 ? readings : whole();
  } catch (error) {
    if (error instanceof ReadingBudgetSpent) return whole();
    throw error;
  }
}

/**
 * How much of the text the rules may read while splitting it, in times its length. Real texts read each
 * part once or twice (headers, a bare field merged into the task before); hundreds of bare fields, each
 * merged into the next task ("2h; 2h; 2h; …"), would read the text hundreds of times: such a text is
 * read as one task instead.
 */
const READING_BUDGET = 4;

class ReadingBudgetSpent extends Error {}

/** The batch command's several-task structuring: one structured task per task the text names. */
export function structureManyWithRules(request: RulesInput): StructuredTask[] {
  return analyseManyWithRules(request).map((reading) => reading.task);
}

// ---------------------------------------------------------------------------------------------------
// Tokens

type TokenKind = 'word' | 'literal' | 'comma' | 'semicolon' | 'colon' | 'dash' | 'stop' | 'newline' | 'other';

interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** Lower case without accents, typographic apostrophes made plain (words only). */
  word: string;
}

/** Quoted parts and URLs (protected by the single-task rules) are one literal token; words keep inner -.&/: ("W-9", "10:30"). */
const TOKEN = /(\u0002+)|([+#@!~]?[\p{L}\p{N}](?:[\p{L}\p{N}_'’]|[-.&/:](?=[\p{L}\p{N}]))*)|(,)|(;)|(:)|([-–—]{1,2})|([.!?…]+)|(\n)|(\S)/gu;
const KINDS: TokenKind[] = ['literal', 'word', 'comma', 'semicolon', 'colon', 'dash', 'stop', 'newline', 'other'];

function tokenize(view: string): Token[] {
  const tokens: Token[] = [];
  for (const match of view.matchAll(TOKEN)) {
    const group = match.findIndex((part, index) => index > 0 && part !== undefined);
    const kind = KINDS[group - 1] as TokenKind;
    const start = match.index;
    tokens.push({ kind, start, end: start + match[0].length, word: kind === 'word' ? fold(match[0]) : '' });
  }
  return tokens;
}

/** Lower case without accents, with plain apostrophes (plain ASCII, the common case, skips the Unicode work). */
function fold(text: string): string {
  return (/^[\x20-\x7e]*$/u.test(text) ? text.toLowerCase() : foldChars(text)).replace(/’/gu, "'");
}

const isWordLike = (token: Token | undefined) => token !== undefined && (token.kind === 'word' || token.kind === 'literal');

// ---------------------------------------------------------------------------------------------------
// Phrases that open a task: connectors, fillers, lead-ins (RULES §8.1, §8.5)

/** Connectors between tasks; `and` alone (or a comma) is the weak one. */
const CONNECTOR =
  /^(?:and\s+then|and\s+also|and\s+after\s+that|after\s+that|oh\s+and|oh\s+right|oh\s+yeah(?:\s+and)?|one\s+more\s+thing|on\s+top\s+of\s+that|and|then|also|plus|finally|lastly|last(?=\s*,)|next(?=\s*,)|first(?=\s*,)|besides(?=\s*,)|additionally)(?![\p{L}\p{N}'’])/iu;
const FILLER =
  /^(?:so|okay|ok|alright|all\s+right|u+m+|u+h+|erm|hmm+|mhm+|yeah|yep|hey|oh|ah|well|anyway|anyways|right(?=\s*[,.!])|like(?=\s*,)|actually(?=\s*,)|before\s+i\s+forget|please)(?![\p{L}\p{N}'’])/iu;
/** Punctuation between tasks (not `!`: "!!!" in front of a task is its priority). */
const SEPARATING_PUNCTUATION = /^[\s,;:.?…\-–—•*]+/u;
/** Words that open a task only right before its verb ("first call the bank", "next book the room"). */
const ORDER_WORDS = new Set(['first', 'next', 'finally', 'then', 'just']);

/** "remind me at 4 to", "remind me tomorrow morning to": a reminder's date or time inside the lead-in. */
const REMIND_ME_WHEN = `(?:remind|ping)\\s+me\\s+(?:(?:${[...FIELD_LINKS, ...FIELD_ANCHORS].join('|')}|\\d[\\d:.]*(?:am|pm)?)\\s+){0,5}?(?:to|that|about)`;

/** "I need to", "remind me to", "don't forget to" … (RULES §1 lead-ins). */
const LEAD_IN = new RegExp(
  `^(?:${REMIND_ME_WHEN}|(?:i|we)\\s+(?:also\\s+|still\\s+|really\\s+|just\\s+|definitely\\s+)?(?:(?:need|have|got)\\s+to|gotta|must|should)|(?:i|we)(?:'|’)(?:ve|ll)\\s+(?:also\\s+)?(?:got|need|have)\\s+to|(?:i|we)(?:'|’)ve\\s+gotta|(?:i|we)(?:'|’)(?:m|re|ll|d)\\s+(?:also\\s+)?(?:gonna|going\\s+to|like\\s+to|need\\s+to|have\\s+to)|(?:i|we)(?:'|’)ll|(?:i|we)\\s+(?:also\\s+)?(?:will|want\\s+to|wanna|am\\s+going\\s+to|are\\s+going\\s+to)|(?:also\\s+)?(?:need|have|got)\\s+to|gotta|gonna|don(?:'|’)?t\\s+forget\\s+(?:to|about)|do\\s+not\\s+forget\\s+(?:to|about)|make\\s+sure\\s+(?:to|you|that\\s+i|i)|remember\\s+to|can\\s+you|could\\s+you)(?![\\p{L}\\p{N}'’])`,
  'iu',
);
/** Lead-ins the single-task rules leave in the title. */
const SAYING_WHO_DOES_IT = /^(?:(?:i|we)(?:'|’)ll|(?:i|we)\s+will|(?:i|we)(?:'|’)ve\s+gotta)\s+(?=\p{L})/iu;
/** Lead-ins that may start a task in the middle of a sentence, with no connector ("… the dentist I also need to book …"). */
const MID_SENTENCE_LEAD_IN = new Set(['i', 'we', "i've", "we've", "i'll", "we'll", "i'm", "we're", "i'd", 'remind', "don't", 'dont']);
/** Words after which a lead-in belongs to a clause of the task ("remind me tomorrow that I have to …"). */
const SUBORDINATORS = new Set(['to', 'and', 'that', 'because', 'cause', 'so', 'if', 'when', 'since', 'as', 'until', 'before', 'after', 'which', 'who', 'where', 'whether', 'once', 'unless', 'while']);

// ---------------------------------------------------------------------------------------------------
// Planning: where each task is, and which headers it shares

interface HeaderRef {
  start: number;
  end: number;
}

interface PlannedTask {
  start: number;
  end: number;
  /** Shared phrases that apply, outermost first (a header line, a header in the text, a lead-in's phrase). */
  headers: HeaderRef[];
}

/** The words of the user's client names and aliases, once per list (kept as long as the list's matcher). */
const clientWordsOf = new WeakMap<ClientMatcher, ReadonlySet<string>>();

function clientWords(request: RulesInput): ReadonlySet<string> {
  const matcher = clientMatcher(request.clients, request.aliases);
  let words = clientWordsOf.get(matcher);
  if (words === undefined) {
    const names = [...request.clients, ...(request.aliases ?? []).map((alias) => alias.alias)];
    words = new Set(names.flatMap((name) => fold(name).split(/[^\p{L}\p{N}&'’.-]+/u).filter(Boolean)));
    clientWordsOf.set(matcher, words);
  }
  return words;
}

class Planner {
  private readonly tokens: Token[];
  private readonly sentenceBreaks = new Set<number>();
  private readonly tasks: PlannedTask[] = [];
  private lineHeader: HeaderRef | null = null;
  private inlineHeader: HeaderRef | null = null;
  private sentenceHeader: HeaderRef | null = null;
  private current: PlannedTask | null = null;

  constructor(
    private readonly text: string,
    private readonly clientWordSet: ReadonlySet<string>,
    private readonly isHeader: (from: number, to: number) => boolean,
  ) {
    const scanner = new Scanner(text.replace(/\r/gu, ' '));
    protectLiterals(scanner);
    // Sentence ends where the single-task rules see them (abbreviations, "3.5", "Dr." are not ends).
    const segments = splitSegments(scanner);
    segments.forEach((segment, index) => {
      if (segment.separator === 'sentence' && index < segments.length - 1) this.sentenceBreaks.add(segment.end);
    });
    this.tokens = tokenize(scanner.view());
  }

  plan(): PlannedTask[] {
    const lines = this.splitAt(0, this.tokens.length, (token) => token.kind === 'newline');
    lines.forEach(([from, to], index) => {
      let first = this.skipListMarker(from, to);
      if (first >= to) return; // an empty line or a bare marker
      const last = this.tokens[to - 1] as Token;
      const laterLine = lines.slice(index + 1).some(([a, b]) => this.skipListMarker(a, b) < b);
      const headerLine = laterLine && (last.kind === 'colon' || this.onlyHeader(first, to));
      if (headerLine) {
        // A header line over a list ("To do Monday:", "Infolytics:", "Monday"): no task, its phrases shared below.
        this.lineHeader = { start: (this.tokens[first] as Token).start, end: last.kind === 'colon' ? last.start : last.end };
        this.inlineHeader = null;
        this.current = null;
        return;
      }
      for (const [itemFrom, itemTo] of this.listItems(from, to)) {
        first = this.skipListMarker(itemFrom, itemTo);
        for (const [chunkFrom, chunkTo] of this.splitAt(first, itemTo, (token) => token.kind === 'semicolon')) {
          this.current = null; // a line, an item and a semicolon always start a new task
          this.chunk(chunkFrom, chunkTo);
        }
      }
    });
    return this.tasks;
  }

  /** Token ranges between separators (the separators dropped). */
  private splitAt(from: number, to: number, isSeparator: (token: Token) => boolean): Array<[number, number]> {
    const ranges: Array<[number, number]> = [];
    let start = from;
    for (let i = from; i < to; i += 1) {
      if (!isSeparator(this.tokens[i] as Token)) continue;
      if (i > start) ranges.push([start, i]);
      start = i + 1;
    }
    if (to > start) ranges.push([start, to]);
    return ranges;
  }

  /** Past a list marker at the start of a line or item: `1.`, `1)`, `-`, `*`, `•`. */
  private skipListMarker(from: number, to: number): number {
    const first = this.tokens[from];
    const second = this.tokens[from + 1];
    if (!first) return from;
    const spacedAfter = (token: Token) => /\s/u.test(this.text[token.end] ?? '');
    if ((first.kind === 'dash' || (first.kind === 'other' && /^[*•‣◦▪]$/u.test(this.text[first.start] as string))) && spacedAfter(first)) return from + 1;
    if (first.kind === 'word' && /^\d{1,2}$/u.test(first.word) && second && second.start === first.end && /^[.)]$/u.test(this.text.slice(second.start, second.end)) && spacedAfter(second)) {
      return Math.min(to, from + 2);
    }
    return from;
  }

  /** Items of a line: numbered markers in sequence ("1) … 2) …") and bullets ("•") inside it. */
  private listItems(from: number, to: number): Array<[number, number]> {
    const cuts: number[] = [];
    let expected = 1;
    for (let i = from; i < to; i += 1) {
      const token = this.tokens[i] as Token;
      const next = this.tokens[i + 1];
      if (token.kind === 'other' && this.text[token.start] === '•' && i > from) cuts.push(i);
      if (token.kind !== 'word' || !/^\d{1,2}$/u.test(token.word) || !next || next.start !== token.end) continue;
      if (!/^[.)]$/u.test(this.text.slice(next.start, next.end)) || !/\s/u.test(this.text[next.end] ?? '')) continue;
      const before = this.text[token.start - 1];
      if (before !== undefined && !/[\s:;,(]/u.test(before)) continue;
      if (Number(token.word) === expected) {
        if (i > from) cuts.push(i);
        expected += 1;
      }
    }
    const numbered = expected > 2 || cuts.some((i) => this.text[(this.tokens[i] as Token).start] === '•');
    if (!numbered || cuts.length === 0) return [[from, to]];
    const ranges: Array<[number, number]> = [];
    let start = from;
    for (const cut of cuts.sort((a, b) => a - b)) {
      if (cut > start) ranges.push([start, cut]);
      start = cut;
    }
    ranges.push([start, to]);
    return ranges.filter(([a, b]) => b > a);
  }

  /** A stretch of text between hard boundaries (line, item, semicolon): its sentences. */
  private chunk(from: number, to: number): void {
    const sentences: Array<[number, number]> = [];
    let start = from;
    for (let i = from; i < to; i += 1) {
      const token = this.tokens[i] as Token;
      if (token.kind === 'stop' && this.sentenceBreaks.has(token.start)) {
        sentences.push([start, i + 1]);
        start = i + 1;
      }
    }
    if (to > start) sentences.push([start, to]);
    sentences.forEach(([a, b], index) => this.sentence(a, b, index === 0));
  }

  private sentence(from: number, to: number, firstOfChunk: boolean): void {
    if (from >= to) return;
    const end = (this.tokens[to - 1] as Token).end;
    if (this.namesNoTask(from, to)) return;
    this.sentenceHeader = null;
    const opening = this.skipOpening((this.tokens[from] as Token).start, end);
    let start = opening.position;
    let opens = opening.connector;

    // A header in the text: fields (and header words) before a colon ("Tomorrow:", "For Acme, by Friday:").
    const colon = this.firstColon(this.indexAt(start), to);
    if (colon !== null && colon.start > start && this.couldBeHeader(start, colon.start) && this.isHeader(start, colon.start)) {
      this.inlineHeader = { start, end: colon.start };
      start = this.skipOpening(colon.end, end).position;
      opens = true;
    }
    // A phrase before a lead-in ("Wednesday morning I have to …") is shared by the tasks of this sentence.
    const leadIn = this.firstLeadIn(this.indexAt(start), to);
    if (leadIn !== null && leadIn > start) {
      if (this.headerBefore(start, leadIn)) {
        this.sentenceHeader = { start, end: leadIn };
        start = leadIn;
        opens = true;
      }
    } else if (leadIn === start) opens = true;

    if (start >= end) return;
    if (firstOfChunk || opens || this.current === null) {
      this.current = this.newTask(start);
      this.softSplit(this.indexAt(start), to, false);
    } else {
      // Any other sentence after a task is that task's description (§8.1).
      this.softSplit(from, to, true);
    }
  }

  /** A line of fields and header words only, with no colon ("Monday", "Errands for Saturday"). */
  private onlyHeader(from: number, to: number): boolean {
    const start = (this.tokens[from] as Token).start;
    const end = (this.tokens[to - 1] as Token).end;
    return this.couldBeHeader(start, end) && this.isHeader(start, end);
  }

  /** The phrase before a lead-in is a header when it holds only fields and header words. */
  private headerBefore(from: number, to: number): boolean {
    const words = this.tokensIn(from, to).filter(isWordLike);
    return words.length > 0 && this.couldBeHeader(from, to) && this.isHeader(from, to);
  }

  private newTask(start: number): PlannedTask {
    const headers = [this.lineHeader, this.inlineHeader, this.sentenceHeader].filter((h): h is HeaderRef => h !== null);
    // "I'll book the table", "we will …": the title is the action (the single-task rules keep these words).
    const saying = SAYING_WHO_DOES_IT.exec(this.text.slice(start, start + 20));
    const task: PlannedTask = saying ? { start: start + saying[0].length, end: start, headers } : { start, end: start, headers };
    this.tasks.push(task);
    return task;
  }

  /**
   * Splits a sentence at commas, connectors and mid-sentence lead-ins followed by a new action (§8.1); what
   * does not split stays with the task before (§8.2, §8.3). `continuing`: the sentence extends the current task.
   */
  private softSplit(from: number, to: number, continuing: boolean): void {
    let task = this.current as PlannedTask;
    let contentStart = this.afterLeadIn(task.start);
    // After a colon or dash inside a task comes its description: only an explicit "then", "also" … splits it.
    let inDescription = continuing;
    let inCondition = !continuing && this.opensCondition(contentStart);
    for (let i = from; i < to; i += 1) {
      const token = this.tokens[i] as Token;
      if (token.start < task.start) continue;
      if ((token.kind === 'colon' || token.kind === 'dash') && token.start > task.start && /\s/u.test(this.text[token.end] ?? '')) {
        inDescription = true;
        continue;
      }
      if (!this.isCandidate(i)) continue;
      const lead = token.kind === 'word' && MID_SENTENCE_LEAD_IN.has(token.word);
      const next = lead ? { position: token.start, connector: true, strong: true } : this.skipOpening(token.start, (this.tokens[to - 1] as Token).end);
      if (!next.connector && token.kind !== 'comma') continue;
      if (inCondition) {
        // The condition's words ("If Bob and Sue agree") run to its first comma or "then".
        if (token.kind === 'comma' || next.strong) inCondition = false;
        continue;
      }
      if (inDescription && !next.strong) continue;
      if (this.actionWords(contentStart, token.start) < 2) continue; // "review and sign the lease", "I need to, by Friday, file …"
      if (!this.opensAction(next.position, to, next.strong)) continue;
      task.end = token.start;
      task = this.newTask(next.position);
      this.current = task;
      contentStart = this.afterLeadIn(task.start);
      inDescription = false;
      inCondition = this.opensCondition(contentStart);
      i = this.indexAt(next.position) - 1;
    }
    task.end = Math.max(task.end, (this.tokens[to - 1] as Token).end);
  }

  private opensCondition(position: number): boolean {
    const first = this.tokens[this.indexAt(position)];
    return first?.kind === 'word' && CONDITION_WORDS.has(first.word);
  }

  /** Words of the task so far that are not a date/time phrase: fewer than two is no complete action yet. */
  private actionWords(from: number, to: number): number {
    return this.tokensIn(from, to).filter((t) => t.kind === 'literal' || (t.kind === 'word' && !FIELD_LINKS.has(t.word) && !FIELD_ANCHORS.has(t.word) && !/^\d/u.test(t.word))).length;
  }

  /** A comma, a connector word not behind a comma, or a lead-in in mid-sentence. */
  private isCandidate(i: number): boolean {
    const token = this.tokens[i] as Token;
    if (token.kind === 'comma') return true;
    if (token.kind !== 'word') return false;
    const previous = this.tokens[i - 1];
    if (previous?.kind === 'comma') return false;
    if (['and', 'then', 'also', 'plus', 'oh', 'after', 'finally'].includes(token.word)) return true;
    if (MID_SENTENCE_LEAD_IN.has(token.word) && isWordLike(previous) && !SUBORDINATORS.has((previous as Token).word)) {
      return LEAD_IN.test(this.text.slice(token.start, token.start + 40));
    }
    return false;
  }

  /** Past separating punctuation, connectors and fillers; says whether a connector (and a strong one) was passed. */
  private skipOpening(position: number, limit: number): { position: number; connector: boolean; strong: boolean } {
    let at = position;
    let connector = false;
    let strong = false;
    for (let guard = 0; guard < 12 && at < limit; guard += 1) {
      const rest = this.text.slice(at, Math.min(limit, at + 40));
      const punctuation = SEPARATING_PUNCTUATION.exec(rest);
      if (punctuation) {
        at += punctuation[0].length;
        continue;
      }
      const link = CONNECTOR.exec(rest);
      if (link) {
        connector = true;
        if (!/^and$/iu.test(link[0])) strong = true;
        at += link[0].length;
        continue;
      }
      const filler = FILLER.exec(rest);
      if (filler) {
        at += filler[0].length;
        continue;
      }
      const word = /^[\p{L}]+/u.exec(rest)?.[0].toLowerCase();
      if (word && ORDER_WORDS.has(word)) {
        const index = this.indexAt(at);
        if (this.verbAt(index + 1)) {
          at = (this.tokens[index + 1] as Token).start;
          continue;
        }
      }
      break;
    }
    return { position: Math.min(at, limit), connector, strong };
  }

  /** After a lead-in at `position` (for counting the words of the action itself). */
  private afterLeadIn(position: number): number {
    const match = LEAD_IN.exec(this.text.slice(position, position + 40));
    return match ? position + match[0].length : position;
  }

  /** A new action starts here: [lead-in] [date/time phrase] [lead-in] verb + its own object (§8.1). */
  private opensAction(position: number, to: number, strong: boolean): boolean {
    let i = this.indexAt(this.afterLeadIn(position));
    i = this.skipFieldRun(i, to);
    i = this.indexAt(this.afterLeadIn((this.tokens[i] as Token | undefined)?.start ?? Infinity));
    if (i >= to) return false;
    const verb = this.verbAt(i);
    if (!verb) return false;
    const object = this.tokens[i + 1];
    if (i + 1 >= to || !isWordLike(object) || NOT_A_COMPLEMENT.has((object as Token).word)) return false;
    const objectWord = (object as Token).word;
    if (NOUN_LIKE_VERBS.has(verb) && (PREPOSITIONS.has(objectWord) || COMPOUND_HEADS.has(objectWord))) return false; // "a plan for Q3", "and price list"
    if (!strong && (WITHIN_ACTION_VERBS.has(verb) || WITHIN_ACTION_NEXT.has(objectWord) || WITHIN_ACTION_PHRASES.has(`${verb}_${objectWord}`))) return false;
    return true;
  }

  private verbAt(i: number): string | null {
    const token = this.tokens[i];
    return token?.kind === 'word' && ACTION_VERBS.has(token.word) ? token.word : null;
  }

  /** Past a date/time/priority phrase opening a task ("at 4", "next week", "on the 5th"): at least one anchor word. */
  private skipFieldRun(from: number, to: number): number {
    let lastAnchor = -1;
    for (let i = from; i < to; i += 1) {
      const token = this.tokens[i] as Token;
      if (token.kind !== 'word') break;
      if (FIELD_ANCHORS.has(token.word) || /^\d/u.test(token.word) || /^(?:p[1-4]|![0-5])$/u.test(token.word)) lastAnchor = i;
      else if (!FIELD_LINKS.has(token.word)) break;
    }
    return lastAnchor >= 0 ? lastAnchor + 1 : from;
  }

  private firstColon(from: number, to: number): Token | null {
    for (let i = from; i < to; i += 1) {
      const token = this.tokens[i] as Token;
      if (token.kind === 'stop') return null;
      if (token.kind !== 'colon' || !/\s|^$/u.test(this.text[token.end] ?? '')) continue;
      const previous = this.tokens[i - 1];
      if (previous?.kind === 'word' && /^(?:re|fw|fwd|cc|bcc|attn)$/u.test(previous.word)) continue;
      return token;
    }
    return null;
  }

  /** The start of the first lead-in among the first words of a sentence, or null. */
  private firstLeadIn(from: number, to: number): number | null {
    let words = 0;
    for (let i = from; i < to && words < 10; i += 1) {
      const token = this.tokens[i] as Token;
      if (token.kind === 'colon' || token.kind === 'stop') return null;
      if (token.kind !== 'word') continue;
      words += 1;
      if (LEAD_IN.test(this.text.slice(token.start, token.start + 40))) return token.start;
    }
    return null;
  }

  /** "Okay, a few things.", "Mhm, let me think.", "Okay.": a sentence that names no task (§8.1). */
  private namesNoTask(from: number, to: number): boolean {
    const tokens = this.tokens.slice(from, to);
    if (tokens.some((t) => t.kind === 'colon' || t.kind === 'literal')) return false;
    const words = tokens.filter((t) => t.kind === 'word').map((t) => t.word);
    if (words.length === 0) return tokens.every((t) => t.kind !== 'other');
    if (words.every((w) => FILLER_WORDS.has(w))) return true;
    const allowed = (w: string) => META_WORDS.has(w) || FILLER_WORDS.has(w) || HEADER_WORDS.has(w) || FIELD_ANCHORS.has(w) || FIELD_LINKS.has(w);
    return words.every(allowed) && words.some((w) => META_MARKERS.has(w));
  }

  /** Cheap look before the rules read it: every word could belong to a header (fields, header words, a client's name). */
  private couldBeHeader(from: number, to: number): boolean {
    const words = this.tokensIn(from, to).filter(isWordLike);
    return (
      words.length > 0 &&
      words.every((t) => {
        if (t.kind === 'literal') return false;
        const w = t.word.replace(/^[+#]/u, '');
        return (
          HEADER_WORDS.has(w) ||
          HEADER_FIELD_WORDS.has(w) ||
          FIELD_LINKS.has(w) ||
          FIELD_ANCHORS.has(w) ||
          FILLER_WORDS.has(w) ||
          this.clientWordSet.has(w) ||
          /^(?:\d|p[1-4]$|!)/u.test(w) ||
          /['’]s$/u.test(w)
        );
      })
    );
  }

  private tokensIn(from: number, to: number): Token[] {
    const tokens: Token[] = [];
    for (let i = this.indexAt(from); i < this.tokens.length && (this.tokens[i] as Token).end <= to; i += 1) tokens.push(this.tokens[i] as Token);
    return tokens;
  }

  /** The index of the first token starting at or after `position`. */
  private indexAt(position: number): number {
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.tokens[mid] as Token).start < position) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading: each task by the single-task rules, then the shared phrases

/** What a header says, for the tasks under it (§8.4). */
interface Shared {
  date: string | null;
  /** The header named a date (or a repeat's first day), not only a time. */
  dateSaid: boolean;
  time: string | null;
  part: PartOfDay | undefined;
  client: string | null;
  priority: Priority | null;
  recurrence: { type: RecurringType; interval: number } | null;
  estimate: string | null;
  /** Where each shared field was read (offsets into the whole input). */
  sources: Partial<Record<SharedField, Hit[]>>;
}

type SharedField = 'date' | 'time' | 'client' | 'priority' | 'recurrence' | 'estimate';

const NO_SHARED: Shared = { date: null, dateSaid: false, time: null, part: undefined, client: null, priority: null, recurrence: null, estimate: null, sources: {} };

/** Words left in a header besides its fields that still make it a header. */
const isHeaderWord = (word: string) => HEADER_WORDS.has(word) || FIELD_LINKS.has(word) || FILLER_WORDS.has(word);

/** Separators and a sentence's period after a task's part; an abbreviation keeps its period ("Smith & Co."), emphasis its "!!". */
const TRAILING = /(?<!\b(?:co|inc|corp|ltd|jr|sr|st|dr|mr|mrs|ms|etc|bros))[\s,;:]*[.…]+[\s,;:]*$|[\s,;:]+$/iu;

class Reader {
  private readonly ctx: RuleContext;
  private readonly headers = new Map<string, RulesAnalysis>();
  /** Characters the rules may still read (READING_BUDGET). */
  private budget: number;

  constructor(
    private readonly request: RulesInput,
    private readonly options: RulesOptions,
  ) {
    this.ctx = createRuleContext(request.now, request.timezone);
    this.budget = READING_BUDGET * request.input.length;
  }

  /** The single-task rules on a part of the input; offsets of the answer index the whole input. */
  private read(start: number, end: number, keepingText = true): RulesAnalysis {
    this.budget -= end - start;
    if (this.budget < 0) throw new ReadingBudgetSpent();
    const keepAsText = (keepingText ? (this.options.keepAsText ?? []) : [])
      .map((range) => ({ start: Math.max(range.start, start) - start, end: Math.min(range.end, end) - start }))
      .filter((range) => range.end > range.start);
    const analysis = analyseWithRules({ ...this.request, input: this.request.input.slice(start, end) }, { keepAsText });
    return {
      ...analysis,
      hits: analysis.hits.map((hit) => ({ ...hit, start: hit.start + start, end: hit.end + start })),
      unknownClient: analysis.unknownClient && { ...analysis.unknownClient, start: analysis.unknownClient.start + start, end: analysis.unknownClient.end + start },
    };
  }

  /**
   * A header read by the rules. `keepingText`: with the words the user gave back to the title (what the
   * header shares); without them for deciding whether it is a header, so a removed chip does not change
   * where the tasks are.
   */
  private header(start: number, end: number, keepingText: boolean): RulesAnalysis {
    const [from, to] = this.trim(start, end);
    const keeps = keepingText && (this.options.keepAsText ?? []).some((range) => range.start < to && range.end > from);
    const key = `${from}:${to}:${keeps}`;
    let analysis = this.headers.get(key);
    if (analysis === undefined) {
      analysis = this.read(from, to, keeps);
      this.headers.set(key, analysis);
    }
    return analysis;
  }

  /** Fields and header words only ("For Harbor Dental, by Wednesday", "To do Monday", "Urgent"). */
  isHeader(from: number, to: number): boolean {
    return leftoverWords(this.request.input, from, to, this.header(from, to, false).hits, true).every(isHeaderWord);
  }

  readAll(planned: PlannedTask[]): TaskReading[] {
    // A task that took in the fields after it is read again once, at the end (not once per field: "; 9am ; 10am ; …").
    const readings: Array<{ plan: PlannedTask; analysis: RulesAnalysis | null }> = [];
    let pendingStart: number | null = null;
    for (const plan of planned) {
      const [start, end] = this.trim(pendingStart ?? plan.start, plan.end);
      if (end <= start) continue;
      const analysis = this.read(start, end);
      const fieldsOnly = leftoverWords(this.request.input, start, end, analysis.hits, false).every((w) => FIELD_LINKS.has(w) || FILLER_WORDS.has(w) || /^prio(?:rity)?$/u.test(w));
      if (fieldsOnly && analysis.hits.length > 0) {
        // A bare priority or estimate (or date) between separators belongs to the task before (§8.3), or to the next one.
        const previous = readings[readings.length - 1];
        if (previous) {
          const [from, to] = this.trim(previous.plan.start, end);
          previous.plan = { ...previous.plan, start: from, end: to };
          previous.analysis = null;
        } else pendingStart = start;
        continue;
      }
      pendingStart = null;
      readings.push({ plan: { ...plan, start, end }, analysis });
    }
    return readings.map(({ plan, analysis }) => {
      const shared = plan.headers.map((h) => this.sharedOf(h)).reduce(combine, NO_SHARED);
      const reading = applyShared(analysis ?? this.read(plan.start, plan.end), shared, this.ctx);
      return { ...reading, start: plan.start, end: plan.end };
    });
  }

  private trim(start: number, end: number): [number, number] {
    const text = this.request.input.slice(start, end);
    const lead = text.length - text.trimStart().length;
    const trailing = TRAILING.exec(text.slice(lead));
    return [start + lead, end - (trailing ? trailing[0].length : 0)];
  }

  private sharedOf(ref: HeaderRef): Shared {
    const [from, to] = this.trim(ref.start, ref.end);
    if (to <= from) return NO_SHARED;
    const { task, hits } = this.header(ref.start, ref.end, true);
    const find = (field: HitValue['field']) => hits.filter((hit) => hit.value.field === field);
    const dates = find('date');
    const times = find('time');
    const repeats = find('recurrence');
    const priorities = find('priority');
    const clients = find('client');
    const estimates = find('estimate');
    const partOf = (list: Hit[]) => list.map((hit) => ('part' in hit.value ? hit.value.part : undefined)).find((p) => p !== undefined);
    return {
      date: task.dueDate,
      dateSaid: dates.length > 0 || repeats.length > 0,
      time: task.dueTime,
      part: partOf(dates) ?? partOf(repeats) ?? partOf(times),
      client: task.clientName,
      priority: priorities.length > 0 ? task.priority : null,
      recurrence: task.isRecurring && task.recurringType ? { type: task.recurringType, interval: task.recurringInterval } : null,
      estimate: task.estimatedTime,
      sources: {
        date: [...dates, ...repeats],
        time: [...times, ...dates.filter((hit) => hit.value.field === 'date' && (hit.value.part !== undefined || hit.value.time !== undefined)), ...repeats.filter((hit) => hit.value.field === 'recurrence' && hit.value.part)],
        client: clients,
        priority: priorities,
        recurrence: repeats,
        estimate: estimates,
      },
    };
  }
}

/** The words of [from, to) that no recognised field took (`all`: kept fields such as a named client count as taken). */
function leftoverWords(input: string, from: number, to: number, hits: readonly Hit[], all: boolean): string[] {
  const taken = new Uint8Array(to - from);
  for (const hit of hits) {
    if (hit.keep && !all) continue;
    for (let i = Math.max(hit.start, from); i < Math.min(hit.end, to); i += 1) taken[i - from] = 1;
  }
  let rest = '';
  for (let i = from; i < to; i += 1) rest += taken[i - from] ? ' ' : input[i];
  return (fold(rest).match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).map((w) => w.replace(/'s$/u, ''));
}

/** An inner header's phrases replace an outer one's, field by field. */
function combine(outer: Shared, inner: Shared): Shared {
  const next: Shared = { ...outer, sources: { ...outer.sources } };
  if (inner.dateSaid || (inner.date !== null && !outer.dateSaid)) {
    next.date = inner.date;
    next.dateSaid = inner.dateSaid;
    next.sources.date = inner.sources.date;
  }
  if (inner.time !== null) {
    next.time = inner.time;
    next.part = inner.part;
    next.sources.time = inner.sources.time;
  }
  for (const field of ['client', 'priority', 'recurrence', 'estimate'] as const) {
    if (inner[field] !== null) {
      (next as unknown as Record<string, unknown>)[field] = inner[field];
      next.sources[field] = inner.sources[field];
    }
  }
  return next;
}

/** A bare clock hour said in a task ("at 7") read with the shared part of the day ("Tomorrow evening:" → 19:00). */
function timeWithSharedPart(hits: readonly Hit[], part: PartOfDay | undefined, fallback: string): string {
  const clock = hits.find((hit) => hit.value.field === 'time' && hit.value.part === undefined)?.value;
  if (!clock || clock.field !== 'time' || !clock.bare || clock.hour === undefined || clock.hour < 1 || clock.hour > 11) return fallback;
  if (part === 'morning') return clock.hour >= 5 ? hhmm(clock.hour, clock.minute ?? 0) : fallback; // "at 4" after "tomorrow morning" is still 16:00
  if (part === 'afternoon' || part === 'evening' || part === 'night') return hhmm(clock.hour + 12, clock.minute ?? 0);
  return fallback;
}

/** A task's own values win; the header gives what the task did not say (§8.4). */
function applyShared(own: RulesAnalysis, shared: Shared, ctx: RuleContext): RulesAnalysis {
  if (shared === NO_SHARED) return own;
  const task: StructuredTask = { ...own.task };
  const used = new Set<SharedField>();
  const has = (field: HitValue['field']) => own.hits.some((hit) => hit.value.field === field);

  if (task.clientName === null && shared.client !== null) {
    task.clientName = shared.client;
    used.add('client');
  }
  if (!has('priority') && task.priority === DEFAULT_PRIORITY && shared.priority !== null) {
    task.priority = shared.priority;
    used.add('priority');
  }
  if (task.estimatedTime === null && shared.estimate !== null) {
    task.estimatedTime = shared.estimate;
    used.add('estimate');
  }

  // A task with its own day has its own time too ("… and on Friday email Y" under "Tomorrow morning:").
  const ownDate = has('date');
  let time = task.dueTime;
  if (time === null && shared.time !== null && !ownDate) {
    time = shared.time;
    used.add('time');
  } else if (time !== null && !ownDate) time = timeWithSharedPart(own.hits, shared.part, time);

  if (task.isRecurring) {
    task.dueTime = time;
  } else if (shared.recurrence !== null) {
    const { type, interval } = shared.recurrence;
    let date = ownDate ? task.dueDate : shared.date;
    if (!ownDate) used.add('date');
    if (!ownDate && date === ctx.today && time !== null && time <= ctx.time) {
      date = nextRecurrenceDate({ dueDate: ctx.today, recurringType: type, recurringInterval: interval }, ctx.today);
    }
    Object.assign(task, { isRecurring: true, recurringType: type, recurringInterval: interval, dueDate: date, dueTime: time });
    used.add('recurrence');
  } else {
    let date = task.dueDate;
    if (!ownDate && (shared.dateSaid || task.dueTime === null) && shared.date !== null) {
      date = shared.date;
      used.add('date');
    }
    task.dueDate = date;
    task.dueTime = time;
  }

  const extra = [...used].flatMap((field) => shared.sources[field] ?? []);
  const hits = [...own.hits];
  for (const hit of extra) if (!hits.some((h) => h.start === hit.start && h.end === hit.end)) hits.push(hit);
  hits.sort((a, b) => a.start - b.start);
  return { task, hits, unknownClient: own.unknownClient };
}
