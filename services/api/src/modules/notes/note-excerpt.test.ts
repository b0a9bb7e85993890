import { cut, EXCERPT_SOURCE_MAX, EXCERPT_WORDS, excerptTerms, fold, noteExcerpt } from './note-excerpt';

/** The excerpt with its marked words in brackets, to read the expectations at a glance. */
function shown(content: string, query: string, max?: number): string {
  const { text, highlights } = noteExcerpt(content, excerptTerms(query.split(' ')), max);
  let out = text;
  for (const [start, end] of [...highlights].reverse()) out = `${out.slice(0, start)}[${out.slice(start, end)}]${out.slice(end)}`;
  return out;
}
const words = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `${prefix}${n}`).join(' ');

describe('fold', () => {
  it('drops case and accents character for character, so indexes carry over', () => {
    expect(fold('Réunion CAFÉ Müller ÅNGSTRÖM İstanbul')).toBe('reunion cafe muller angstrom istanbul');
    for (const text of ['Straße ﬁ Æon', 'emoji 💡 and 漢字', 'İİ']) expect(fold(text)).toHaveLength(text.length);
  });
});

describe('noteExcerpt', () => {
  it('marks every word that starts with a term, whole, whatever its case and accents', () => {
    expect(shown('Réunion at the CAFÉ, then another réunion', 'reunion cafe')).toBe('[Réunion] at the [CAFÉ], then another [réunion]');
    expect(shown('Call Müller about the e-mail from Mullins', 'mull e-mail')).toBe('Call [Müller] about the [e-mail] from [Mullins]');
  });

  it('marks only the starts of words', () => {
    expect(shown('the unreported report', 'report')).toBe('the unreported [report]');
    expect(shown('plan; (plans) replan', 'plan')).toBe('[plan]; ([plans]) replan');
  });

  it('ignores the punctuation around a term, and answers the note unmarked when nothing is found', () => {
    expect(shown('Budget review', '"budget",')).toBe('[Budget] review');
    expect(shown('Budget review', 'zanzibar')).toBe('Budget review');
    expect(excerptTerms(['***', 'Café!'])).toEqual(['cafe']);
  });

  it(`answers ${EXCERPT_WORDS} words from the first word found, and the last ${EXCERPT_WORDS} when fewer follow it`, () => {
    const long = `${words('a', 100)} the **invoice** for ${words('b', 100)}`;
    expect(shown(long, 'invoice')).toBe(`**[invoice]** for ${words('b', EXCERPT_WORDS - 2)}`);
    const nearEnd = `${words('a', 100)} last invoice here`;
    expect(shown(nearEnd, 'invoice').split(' ')).toHaveLength(EXCERPT_WORDS);
    expect(shown(nearEnd, 'invoice')).toMatch(/ last \[invoice\] here$/);
    const short = `${words('a', EXCERPT_WORDS - 1)} invoice`;
    expect(shown(short, 'invoice')).toBe(`${words('a', EXCERPT_WORDS - 1)} [invoice]`);
  });

  it('leaves tags out and makes each run of blank space one space', () => {
    expect(shown('  a <img src=x onerror="alert(1)"> and\n\n<b>bold</b>   meeting  ', 'meeting')).toBe('a and bold [meeting]');
    expect(shown('- one\n\n- two   three', '')).toBe('- one - two three');
  });

  it(`reads the first ${EXCERPT_SOURCE_MAX} characters only: a word found later leaves the beginning unmarked`, () => {
    const content = `Opening line. ${'lorem '.repeat(EXCERPT_SOURCE_MAX / 6)} zanzibar`;
    expect(shown(content, 'zanzibar', 30)).toBe('Opening line. lorem lorem lor…');
  });

  it('cuts a long passage with an ellipsis, and its marks with it', () => {
    expect(shown('abcdef ghij', 'abc', 6)).toBe('[abcde]…');
    expect(noteExcerpt('ab 💡💡', [], 5)).toEqual({ text: 'ab…', highlights: [] });
    expect(cut({ text: 'plan the plans', highlights: [[0, 4], [9, 14]] }, 12)).toEqual({ text: 'plan the pl…', highlights: [[0, 4], [9, 11]] });
  });
});

/**
 * The excerpt by its plain definition, the way it was first written: collapse the whole note, mark
 * every word found in it, then take the passage from the first. noteExcerpt collapses only the part it
 * answers; on any note the two must agree.
 */
function excerptByDefinition(content: string, terms: string[], max: number) {
  const text = content.slice(0, EXCERPT_SOURCE_MAX).replace(/<\/?[a-zA-Z][^<>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const folded = fold(text);
  const found: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
      if (at > 0 && /[\p{L}\p{N}]/u.test(folded.charAt(at - 1))) continue;
      let end = at + term.length;
      while (end < text.length && /[\p{L}\p{N}]/u.test(text.charAt(end))) end += 1;
      found.push([at, end]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of found) {
    const last = merged[merged.length - 1];
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let [from, to] = [0, text.length];
  if (merged.length > 0) {
    const words = text.split(' ');
    const starts = words.map((_, i) => words.slice(0, i).join(' ').length + (i > 0 ? 1 : 0));
    let first = starts.findIndex((start, i) => merged[0]![0] >= start && merged[0]![0] <= start + words[i]!.length);
    if (words.length - first < EXCERPT_WORDS) first = Math.max(0, words.length - EXCERPT_WORDS);
    from = starts[first]!;
    const last = Math.min(words.length, first + EXCERPT_WORDS) - 1;
    to = starts[last]! + words[last]!.length;
  }
  const highlights = merged.filter(([start, end]) => start >= from && end <= to).map(([start, end]): [number, number] => [start - from, end - from]);
  return cut({ text: text.slice(from, to), highlights }, max);
}

describe('noteExcerpt on generated notes', () => {
  it('agrees with the excerpt by its plain definition', () => {
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const pieces = ['report', 'Report', 'RÉPORT', 'reports', 'unreported', 'e-mail', 'mail', 'café', 'Cafe', '**invoice**', 'invoice', 'in', '<b>', '</b>', '<a href="report">', ' ', '  ', '\n', '\n\n', '\t', '\u00a0', '- ', 'word', 'x', '💡', 'é', '(report)', 'Ünïcode', ',', '.'];
    const queries = [['report'], ['invoice', 'mail'], ['cafe'], ['e-mail'], ['in', 'report'], ['zzz'], []];
    for (let n = 0; n < 3000; n += 1) {
      const length = Math.floor(random() * (n % 10 === 0 ? 400 : 60));
      const content = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join(random() < 0.5 ? ' ' : '');
      const terms = excerptTerms(queries[n % queries.length]!);
      const max = n % 3 === 0 ? 40 : 400;
      expect([content, noteExcerpt(content, terms, max)]).toEqual([content, excerptByDefinition(content, terms, max)]);
    }
  });
});
