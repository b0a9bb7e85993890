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
