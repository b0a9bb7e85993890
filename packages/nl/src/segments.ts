import type { Scanner } from './scanner';

export type SeparatorKind = 'dash' | 'colon' | 'sentence' | 'newline';

export interface Segment {
  /** Text range of the segment, separators excluded. */
  start: number;
  end: number;
  /** The separator that ends this segment, if any. */
  separator: SeparatorKind | null;
}

/** Words after which a full stop does not end a sentence ("Mr. Friday", "9 a.m. tomorrow"). */
const ABBREVIATIONS = new Set(
  `mr mrs ms mx dr st jr sr prof rev hon sgt capt vs etc eg ie e.g i.e a.m p.m am pm approx est no nr inc ltd llc llp plc co corp bros assn dept univ
  min mins hr hrs sec wk ca cf fig vol ch sect p pp tel ext ave blvd rd mt ft jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed
  thu thur thurs fri sat sun misc incl excl appt apt bldg rm fl ste govt mgmt asst avg max qty ref dept yr yrs mo mos wks pg pgs cont div intl natl
  tbd tba approx`.split(/\s+/u).join(' ').split(
    ' ',
  ),
);

/** Words whose colon is not a separator ("re: the contract"). */
const COLON_WORDS = new Set(['re', 'fw', 'fwd', 'cc', 'bcc', 'attn', 'http', 'https', 'mailto']);

/**
 * Splits the text where a title may end and a description start (RULES §1): ` - `, ` — `, `: `, the end
 * of a sentence, a line break. Quoted and other protected parts never split. Returns the segments in order.
 */
export function splitSegments(scanner: Scanner): Segment[] {
  const view = scanner.view();
  const separators: Array<{ start: number; end: number; kind: SeparatorKind }> = [];
  const re = /(\s*\n\s*)|(\s+[-–—]{1,2}\s+)|(:\s+)|([.!?]+\s+)/gu;
  let match: RegExpExecArray | null;
  while ((match = re.exec(view)) !== null) {
    const start = match.index;
    const end = start + match[0].length;
    if (match[1]) separators.push({ start, end, kind: 'newline' });
    else if (match[2]) separators.push({ start, end, kind: 'dash' });
    else if (match[3]) {
      const word = /([\p{L}]+)$/u.exec(view.slice(Math.max(0, start - 12), start))?.[1]?.toLowerCase();
      if (start > 0 && !/\s/.test(view[start - 1] as string) && !(word && COLON_WORDS.has(word))) separators.push({ start, end, kind: 'colon' });
    } else if (match[4]) {
      const marks = match[4].trim();
      if (marks.startsWith('.')) {
        const before = /([\p{L}.]+)$/u.exec(view.slice(Math.max(0, start - 12), start))?.[1]?.toLowerCase().replace(/\.$/, '');
        if (!before || ABBREVIATIONS.has(before) || before.length === 1) continue;
        if (/\d$/.test(view.slice(0, start)) && /^\d/.test(view.slice(end))) continue;
      }
      // A lower-case start ends a sentence only after a single full stop ("… notice. the portal was down"):
      // "Call Bob! he's waiting", "maybe… later" carry on.
      const next = view[end];
      if (next !== undefined && /\p{Ll}/u.test(next) && /[a-z]/.test(next) && marks !== '.') continue;
      separators.push({ start, end, kind: 'sentence' });
    }
  }
  const segments: Segment[] = [];
  let from = 0;
  for (const sep of separators) {
    if (sep.start <= from) {
      from = Math.max(from, sep.end);
      continue;
    }
    segments.push({ start: from, end: sep.start, separator: sep.kind });
    from = sep.end;
  }
  if (from < scanner.text.length || segments.length === 0) segments.push({ start: from, end: scanner.text.length, separator: null });
  // A trailing separator ("Call Bob:") leaves an empty last segment: drop it.
  return segments.filter((s, i) => i === 0 || s.end > s.start);
}

export function segmentAt(segments: readonly Segment[], index: number): Segment {
  for (const segment of segments) if (index >= segment.start && index < segment.end) return segment;
  return segments[segments.length - 1] as Segment;
}
