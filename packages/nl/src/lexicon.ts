/**
 * Words the rules provider recognises: numbers, ordinals, weekdays, months. Everything is lower case
 * and matched case-insensitively. English first; the commonest German, French and Spanish day words
 * too, because people type the way they speak.
 */

/** Unicode-aware word boundaries for regular expressions built with the `u` flag. */
export const WB = '(?<![\\p{L}\\p{N}_])';
export const WE = '(?![\\p{L}\\p{N}_])';

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** 'one' … 'ninety nine' (with a space or hyphen), as a regex alternation. */
export const WORD_NUMBER = `(?:(?:${Object.keys(TENS).join('|')})(?:[\\s-](?:${Object.keys(UNITS)
  .filter((w) => UNITS[w]! > 0 && UNITS[w]! < 10)
  .join('|')}))?|${Object.keys(UNITS).join('|')})`;

/** Value of a word number ('twenty five', 'twenty-five', 'seven'), or null. */
export function wordNumberValue(word: string): number | null {
  const parts = word.toLowerCase().split(/[\s-]+/);
  if (parts.length === 1) {
    const w = parts[0] as string;
    return UNITS[w] ?? TENS[w] ?? null;
  }
  if (parts.length === 2) {
    const tens = TENS[parts[0] as string];
    const unit = UNITS[parts[1] as string];
    if (tens !== undefined && unit !== undefined && unit > 0 && unit < 10) return tens + unit;
  }
  return null;
}

/** Quantities: digits (with a decimal point or comma), word numbers, 'a', 'an', 'a couple of', 'a few'. */
export const QUANTITY = `(?:\\d+(?:[.,]\\d+)?|${WORD_NUMBER}|an?|(?:a\\s+)?couple(?:\\s+of)?|(?:a\\s+)?few)`;

/** Value of a QUANTITY match. */
export function quantityValue(text: string): number | null {
  const t = text.toLowerCase().trim().replace(/\s+/g, ' ');
  if (/^\d+(?:[.,]\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  if (t === 'a' || t === 'an') return 1;
  if (/^(?:a )?couple(?: of)?$/.test(t)) return 2;
  if (/^(?:a )?few$/.test(t)) return 3;
  return wordNumberValue(t);
}

const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

/** Ordinal words for days of the month: 'first' … 'thirty-first'. */
export const WORD_ORDINAL = `(?:(?:twenty|thirty)[\\s-](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|${Object.keys(ORDINAL_UNITS).join('|')})`;

/** Value of an ordinal word or digits with a suffix ('twenty fifth', '25th', '2nd'), or null. */
export function ordinalValue(text: string): number | null {
  const t = text.toLowerCase().trim();
  const digits = /^(\d{1,2})(?:st|nd|rd|th|\.)?$/.exec(t);
  if (digits) return Number(digits[1]);
  const parts = t.split(/[\s-]+/);
  if (parts.length === 1) return ORDINAL_UNITS[parts[0] as string] ?? null;
  if (parts.length === 2) {
    const tens = parts[0] === 'twenty' ? 20 : parts[0] === 'thirty' ? 30 : null;
    const unit = ORDINAL_UNITS[parts[1] as string];
    if (tens !== null && unit !== undefined && unit < 10) return tens + unit;
  }
  return null;
}

/** Weekday names and abbreviations → 0 (Sunday) … 6 (Saturday). */
const WEEKDAY_WORDS: Array<[number, string[]]> = [
  [0, ['sunday', 'sun', 'sonntag', 'dimanche', 'domingo']],
  [1, ['monday', 'mon', 'montag', 'lundi', 'lunes']],
  [2, ['tuesday', 'tues', 'tue', 'dienstag', 'mardi', 'martes']],
  [3, ['wednesday', 'wed', 'mittwoch', 'mercredi', 'miércoles', 'miercoles']],
  [4, ['thursday', 'thurs', 'thur', 'thu', 'donnerstag', 'jeudi', 'jueves']],
  [5, ['friday', 'fri', 'freitag', 'vendredi', 'viernes']],
  [6, ['saturday', 'sat', 'samstag', 'sonnabend', 'samedi', 'sábado', 'sabado']],
];
const WEEKDAY_INDEX = new Map<string, number>(WEEKDAY_WORDS.flatMap(([day, words]) => words.map((w) => [w, day] as [string, number])));
const byLengthDesc = (a: string, b: string) => b.length - a.length;

export const WEEKDAY = `(?:${[...WEEKDAY_INDEX.keys()].sort(byLengthDesc).join('|')})`;
/** English weekday plurals ('mondays'), used for recurrence. */
export const WEEKDAY_PLURAL = '(?:sundays|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays)';

export function weekdayIndex(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (WEEKDAY_INDEX.has(w)) return WEEKDAY_INDEX.get(w)!;
  const plural = w.replace(/s$/, '');
  return WEEKDAY_INDEX.get(plural) ?? null;
}

const MONTH_WORDS: Array<[number, string[]]> = [
  [1, ['january', 'jan', 'januar', 'janvier', 'enero']],
  [2, ['february', 'feb', 'februar', 'février', 'fevrier', 'febrero']],
  [3, ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo']],
  [4, ['april', 'apr', 'avril', 'abril']],
  [5, ['may', 'mai', 'mayo']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio']],
  [7, ['july', 'jul', 'juli', 'juillet', 'julio']],
  [8, ['august', 'aug', 'août', 'aout', 'agosto']],
  [9, ['september', 'sept', 'sep', 'septembre', 'septiembre']],
  [10, ['october', 'oct', 'oktober', 'octobre', 'octubre']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'décembre', 'decembre', 'diciembre']],
];
const MONTH_INDEX = new Map<string, number>(MONTH_WORDS.flatMap(([month, words]) => words.map((w) => [w, month] as [string, number])));
export const MONTH = `(?:${[...MONTH_INDEX.keys()].sort(byLengthDesc).join('|')})`;

export function monthIndex(word: string): number | null {
  return MONTH_INDEX.get(word.toLowerCase().replace(/\.$/, '')) ?? null;
}

/**
 * Common English words that are also plausible client names ("Target", "Apple", "Project"). Written in
 * lower case in a sentence they are the ordinary word, not the client ("sales target" ≠ Target); with a
 * capital, as markup (`+target`) or as a full multi-word name they still match.
 */
export const COMMON_WORDS = new Set(
  `a able about above account accounts action active ad admin advance advice agency agenda air alert all alpha
  amazon anchor angle apex apple apps april arch archive area arrow art article asset assets atlas audit august
  auto avenue axis back backlog balance bank banner base basecamp basic batch bay beacon beam bell best beta
  bill billing birch black blade blue board body bold bolt bond book boost box brand brave bridge bright
  budget build builder bureau business cab cabinet call camp campus canvas capital car card care cargo case
  cash castle catalyst cedar center central chain chart chase check chip circle city civic class clear client
  cloud club coach coast code cold color common community company compass core corner cornerstone cost
  council country court cover craft crane create creative credit crest cross crown crystal cube current
  custom customer cycle daily dash data dawn day deal delta design desk development diamond digital direct
  doc docs dock domain door dot draft dream drive drop dynamic eagle early earth east echo edge element elite
  ember empire energy engine epic equity evergreen event events expert express eye fabric factory fair
  falcon family farm fast federal field film final finance fire first fleet flex flow focus force forge
  form forest fort forward fountain frame free fresh front frontier fuel fund fusion future galaxy game gap
  garden gate gear general genesis giant glass global globe goal gold golden good grace graph green grid
  ground group growth guard guide hall harbor harmony harvest haven health heart helix hero high hill home
  horizon house hub ideal image impact infinity insight iron island ivory jade jet journal key keystone
  kind king lab labs lake land launch law lead leaf legacy legal level liberty life light lime line link
  lion live local lodge logic loop lotus magnet main maple map mark market marketing master matrix medical
  meridian meta metro mint mission mobile modern money monitor moon motion mountain move nation native
  nature net network new news next noble north nova oak ocean office omega one open operations optimum
  orange orbit orchard order origin outlook pace pacific page palm paper park path patriot peak pearl
  people personal phoenix pilot pine pioneer pixel place plan planet platform plaza point polar port post
  power premier prime pro project projects pulse pure quantum quest radar rain rapid raven ray ready real
  red reliable research resource rest ridge right ring rise river road rock rocket root rose royal ruby
  run safe sage sales salt school scope sea second secure select service services shell shield shift shop
  sierra signal silver simple sky smart solar solid solution solutions sound source south space spark
  sphere spirit spring square standard star state station steel sterling stone storm strategy stream
  street stripe studio summit sun sunrise superior support swift system systems table talent target team
  tech terra the thread tide tiger time titan today top tower trade trail transit travel tree trend tribe
  triangle true trust union unity universal urban valley value vector venture vertex victory view village
  vision vista visa vital wave way west white wild wind wing wise wolf wood work works world yellow zenith
  zone zoom umbrella slack subway staples guess notion nest dove ford canon sharp brother sonic fossil discover ally
  fidelity vanguard progressive nationwide united oracle pandora polo mango shell`
    .split(/\s+/)
    .filter(Boolean),
);
