import { afterHit, bareHour, FUNCTION_WORDS, hhmm, nextWord } from './helpers';
import { MONTH, WB, WE, WEEKDAY, wordNumberValue } from './lexicon';
import { PART_OF_DAY_TIME, scan, type PartOfDay, type Scanner } from './scanner';

const re = (source: string) => new RegExp(source, 'giu');

/** Digits not glued to other numbers, letters or date/ratio punctuation. */
const NUM_START = '(?<![\\p{L}\\p{N}_:./,$€£#+-])';

/** Words after a bare hour ("at 4 …") that keep it a time, not a count ("at 2 locations"). */
const AFTER_BARE_HOUR = new RegExp(
  `^(?:${[...FUNCTION_WORDS].join('|')}|sharp|o'?clock|oclock|uhr|h|today|tomorrow|tonight|tmrw|this|next|every|daily|morning|afternoon|evening|night|${WEEKDAY}|${MONTH})$`,
  'iu',
);

function meridiemHour(hour: number, meridiem: string): number | null {
  if (hour < 1 || hour > 12) return null;
  const pm = meridiem.toLowerCase().startsWith('p');
  if (pm) return hour === 12 ? 12 : hour + 12;
  return hour === 12 ? 0 : hour;
}

const HOUR_WORD = '(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const MINUTE_WORD = "(o'?\\s?clock|oh[\\s-]five|five|ten|fifteen|twenty(?:[\\s-]five)?|thirty|forty(?:[\\s-]five)?|fifty(?:[\\s-]five)?)";

function minuteWordValue(word: string | undefined): number {
  if (!word) return 0;
  const w = word.toLowerCase();
  if (/^o['’]?\s?clock$/.test(w)) return 0;
  if (/^oh[\s-]five$/.test(w)) return 5;
  return wordNumberValue(w) ?? 0;
}

/**
 * Times of day (RULES §3): `3pm`, `3:12 pm`, `15:30`, `12:00 am`, noon/midday/midnight, `at 9` (a bare
 * hour: 7–11 am, 12 noon, 1–6 pm, 0 and 13–23 as written), `um 10`, `at four thirty`, `half past four`,
 * parts of the day (morning 09:00, afternoon 15:00, evening 18:00, night 21:00) and end of day / EOD / COB (17:00).
 */
export function recognizeTimes(s: Scanner): void {
  const addPart = (m: RegExpExecArray, part: PartOfDay, offset = 0, length = m[0].length) =>
    s.add(m.index + offset, m.index + offset + length, { field: 'time', time: PART_OF_DAY_TIME[part], part });

  // End of day and named times
  scan(s, re(`${WB}(?:(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:business\\s+|work(?:ing)?\\s+)?day|eod|cob|eob|close\\s+of\\s+(?:business|play)|end\\s+of\\s+(?:business|play)|eop)${WE}`), (m) =>
    addPart(m, 'endOfDay'),
  );
  scan(s, re(`${WB}(?:12\\s+)?(?:noon|midday|lunchtime|lunch\\s+time)${WE}`), (m) => addPart(m, 'noon'));
  scan(s, re(`${WB}midnight${WE}`), (m) => addPart(m, 'midnight'));
  scan(s, re(`${WB}first\\s+thing(?:\\s+in\\s+the\\s+morning)?${WE}`), (m) => addPart(m, 'morning'));
  scan(s, re(`${WB}in\\s+the\\s+(morning|afternoon|evening)${WE}`), (m) => addPart(m, (m[1] as string).toLowerCase() as PartOfDay));

  // Ranges "2-3pm", "9am-10am": the start, with the end's am/pm when the start has none
  scan(s, re(`${NUM_START}(\\d{1,2})(?:[:.](\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?)?\\s*(?:-|–|to|until|till)\\s*(\\d{1,2})(?:[:.](\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?)(?![\\p{L}\\p{N}])`), (m) => {
    const startHour = Number(m[1]);
    const endHour = Number(m[4]);
    let meridiem = m[3] ?? m[6] ?? 'am';
    if (!m[3] && m[6] && /^p/i.test(m[6]) && startHour > endHour && endHour !== 12) meridiem = 'am';
    const hour = meridiemHour(startHour, meridiem);
    const minute = Number(m[2] ?? 0);
    if (hour === null || minute > 59 || meridiemHour(endHour, m[6] as string) === null) return;
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(hour, minute) });
  });

  // Explicit am/pm: "3pm", "3 pm", "3:12 PM", "9 a.m.", "10.30pm"
  scan(s, re(`${NUM_START}(\\d{1,2})(?:[:.](\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?)(?![\\p{L}\\p{N}])(?:\\s+sharp${WE})?`), (m) => {
    const hour = meridiemHour(Number(m[1]), m[3] as string);
    const minute = Number(m[2] ?? 0);
    if (hour === null || minute > 59) return;
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(hour, minute) });
  });

  // Clock times "15:30", "10:00", "3:12" (a bare 1–6 reads as afternoon), "10:30 Uhr"
  scan(s, re(`${NUM_START}(\\d{1,2}):(\\d{2})(?::\\d{2})?(?:\\s*(?:uhr|h)(?![\\p{L}]))?(?![\\p{N}]|:\\d|[.,]\\d)(?:\\s+sharp${WE})?`), (m) => {
    const rawHour = Number(m[1]);
    const minute = Number(m[2]);
    if (rawHour > 23 || minute > 59) return;
    const leadingZero = (m[1] as string).length === 2 && (m[1] as string).startsWith('0');
    const hour = leadingZero ? rawHour : bareHour(rawHour);
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(hour, minute), bare: !leadingZero && rawHour <= 12, hour: rawHour, minute });
  });

  // "at 10.30", "um 9.15 Uhr": a dotted clock time after a linking word (elsewhere "1.30" may be an amount)
  scan(s, re(`${WB}(?:at|@|um|around|by|from|à)\\s*(\\d{1,2})\\.(\\d{2})(?:\\s*(?:uhr|h)(?![\\p{L}]))?(?![\\p{N}]|[.:,]\\d|\\s*(?:a\\.?m|p\\.?m)(?![\\p{L}]))`), (m) => {
    const rawHour = Number(m[1]);
    const minute = Number(m[2]);
    if (rawHour > 23 || minute > 59) return;
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(bareHour(rawHour), minute), bare: rawHour <= 12, hour: rawHour, minute });
  });

  // "at 9", "@ 4", "um 10", "around 3", "by 5", "10 o'clock", "10 Uhr"
  scan(s, re(`${WB}(?:(?:at|@|um|around|à|a\\s+las|by|from)\\s*)(\\d{1,2})(?:\\s*(o['’]?clock|uhr|h(?![\\p{L}\\p{N}])))?(?![\\p{L}\\p{N}_%]|[:./,-]\\d|\\s*(?:a\\.?m|p\\.?m)(?![\\p{L}]))`), (m) => {
    const raw = Number(m[1]);
    if (raw > 23) return;
    const end = m.index + m[0].length;
    const linking = /^(\S+)/u.exec(m[0])?.[1]?.toLowerCase();
    if (!m[2]) {
      const next = nextWord(s, end);
      const gap = next ? s.view().slice(end, next.start) : '';
      if (next && gap.trim() === '' && !AFTER_BARE_HOUR.test(next.word)) return; // "at 2 locations"
      if (linking === 'by' || linking === 'from') {
        // "by 5" is a time only at the end or before a date ("by 5 tomorrow")
        if (next && gap.trim() === '' && !/^(?:today|tomorrow|tonight|tmrw|on|this|next)$/u.test(next.word)) return;
      }
    }
    s.add(m.index, end, { field: 'time', time: hhmm(bareHour(raw), 0), bare: raw <= 12, hour: raw, minute: 0 });
  });
  scan(s, re(`${NUM_START}(\\d{1,2})\\s*(?:o['’]?clock|uhr|sharp)${WE}`), (m) => {
    const raw = Number(m[1]);
    if (raw > 23) return;
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(bareHour(raw), 0), bare: raw <= 12, hour: raw, minute: 0 });
  });

  // Words: "at four thirty", "at ten o'clock", "half past four", "quarter to five"
  scan(s, re(`${WB}(?:at|@|by|around|um)\\s+${HOUR_WORD}(?:\\s+${MINUTE_WORD})?${WE}`), (m) => {
    const raw = wordNumberValue(m[1] as string) ?? 0;
    const minute = minuteWordValue(m[2]);
    const next = nextWord(s, m.index + m[0].length);
    if (!m[2] && next && !AFTER_BARE_HOUR.test(next.word)) return; // "at one point"
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(bareHour(raw), minute), bare: true, hour: raw, minute });
  });
  // "four thirty", "ten o'clock" without "at": an hour word with a minute word is a time anywhere
  scan(s, re(`${WB}${HOUR_WORD}[\\s-]+(o['’]?\\s?clock|fifteen|thirty|forty[\\s-]five)${WE}(?![-‐])`), (m) => {
    const raw = wordNumberValue(m[1] as string) ?? 0;
    const minute = minuteWordValue(m[2]);
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(bareHour(raw), minute), bare: true, hour: raw, minute });
  });
  scan(s, re(`${WB}(?:(?:at|@|by|around)\\s+)?(half|quarter)\\s+(past|to|after|before)\\s+(\\d{1,2}|${HOUR_WORD})${WE}`), (m) => {
    const hourText = m[3] as string;
    let raw = /^\d/.test(hourText) ? Number(hourText) : (wordNumberValue(hourText) ?? 0);
    if (raw < 1 || raw > 12) return;
    let minute = (m[1] as string).toLowerCase() === 'half' ? 30 : 15;
    if (/^(?:to|before)$/i.test(m[2] as string)) {
      if (minute === 30) return;
      minute = 45;
      raw = raw === 1 ? 12 : raw - 1;
    }
    s.add(m.index, m.index + m[0].length, { field: 'time', time: hhmm(bareHour(raw), minute), bare: true, hour: raw, minute });
  });

  // A part of the day right after a date ("March 3 evening", "the 5th in the morning" is handled above)
  scan(s, re(`${WB}(morning|afternoon|evening|night)${WE}`), (m) => {
    if (afterHit(s, m.index, ['date', 'recurrence'])) addPart(m, (m[1] as string).toLowerCase() as PartOfDay);
  });
}
