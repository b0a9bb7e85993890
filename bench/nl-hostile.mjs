// Micro-benchmark of the natural-language rules (@daybook/nl) against a hostile user: the full quota of
// clients (QUOTAS.clients), each with CLIENT_ALIASES_MAX aliases, named to make client matching as costly
// as it can be, and entries of AI_INPUT_MAX characters; next to an ordinary user's list and sentences.
// Not part of `npm run bench` (no database, no servers, a few seconds):
//   node scripts/build.mjs @daybook/nl && node bench/nl-hostile.mjs
//   BENCH_NL_CLIENTS=50    fewer clients (the rules before client matching was indexed took about 70 s per
//                          entry at the full quota)
//   BENCH_NL_RUNS=5        runs per measure (median and max are printed)
//   BENCH_NL_DIST=dir      the structurer built elsewhere (its dist/ directory), to compare two versions
//   BENCH_NL_ONLY=regex    only the scenarios whose name matches
//   BENCH_NL_LENGTH=60     shorter entries (before the fix, "mon, mon, …" took 2^n steps: minutes at 60 characters)
// Per scenario: the first entry with a list the structurer has not seen (the worker gets the list with each
// job, so a changed alias means a new index), then an entry read by the single-task rules (the worker) and
// by the several-task reading (the capture box's preview, on every keystroke).
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AI_INPUT_MAX, CLIENT_ALIASES_MAX, CLIENT_NAME_MAX, DEFAULT_TIME_INCREMENTS, QUOTAS } from '@daybook/shared';

const env = process.env;
const nl = env.BENCH_NL_DIST ? await import(pathToFileURL(join(resolve(env.BENCH_NL_DIST), 'index.js')).href) : await import('@daybook/nl');
const CLIENTS = Number(env.BENCH_NL_CLIENTS ?? QUOTAS.clients);
const RUNS = Number(env.BENCH_NL_RUNS ?? 5);
const LENGTH = Number(env.BENCH_NL_LENGTH ?? AI_INPUT_MAX);
const ONLY = new RegExp(env.BENCH_NL_ONLY ?? '', 'u');
const now = new Date('2025-03-11T15:15:00Z');

/** A name of at most CLIENT_NAME_MAX characters: `words` repeated, then what tells it apart. */
const named = (words, tail) => `${words.repeat(Math.floor((CLIENT_NAME_MAX - tail.length) / words.length))}${tail}`;

/** CLIENTS clients with CLIENT_ALIASES_MAX aliases each, all made of `words`; `variant` changes one alias (a new list). */
function hostileList(words, variant = 0) {
  const clients = Array.from({ length: CLIENTS }, (_, i) => named(words, `c${i}`));
  const aliases = clients.flatMap((client, i) => Array.from({ length: CLIENT_ALIASES_MAX }, (_, j) => ({ alias: named(words, `a${i}x${j}${i === 0 && j === 0 ? `v${variant}` : ''}`), client })));
  return { clients, aliases };
}

/** An ordinary user's clients and the aliases corrections taught (DECISIONS 28); `variant` adds one (a new list). */
const ordinaryList = (variant = 0) => ({
  clients: ['Harbor Dental', 'Northwind Traders', 'Robertson Retail', 'Acme', 'Globex', 'Initech', 'Blue Fern Yoga', 'Mill Street Bakery', 'Okafor & Sons', 'Lumen Architects'],
  aliases: [
    { alias: 'the dentists', client: 'Harbor Dental' },
    { alias: 'Northwind', client: 'Northwind Traders' },
    { alias: "Bob's shop", client: 'Robertson Retail' },
    { alias: 'the bakery', client: 'Mill Street Bakery' },
    ...(variant > 0 ? [{ alias: `Acme v${variant}`, client: 'Acme' }] : []),
  ],
});
const fill = (unit, prefix = '', suffix = '') => `${prefix}${unit.repeat(LENGTH)}`.slice(0, LENGTH - suffix.length) + suffix;

const SCENARIOS = [
  ['ordinary: 10 clients, a sentence', ordinaryList, 'Call Harbor Dental tomorrow at 3pm about the overdue invoice, urgent, 30 min; then send the report to Northwind by Friday'],
  ['ordinary: 10 clients, a long entry', ordinaryList, fill('Call Harbor Dental tomorrow at 3pm about the invoice, then email the bakery. ')],
  ['names sharing a long leading sequence', (variant) => hostileList('acme ', variant), fill('acme ')],
  ['names of one-letter words', (variant) => hostileList('a ', variant), fill('a ')],
  ['names written without spaces (CJK)', (variant) => hostileList('ナカ', variant), fill('ナカ')],
  ['names sharing a prefix, possessives', (variant) => hostileList('acme ', variant), fill("acme's ")],
  ['weekday names in a list', ordinaryList, fill('mon, ')],
  ['"&" before other text', ordinaryList, fill('& ', 'call ', 'bob')],
  ['qualifiers of a duration ("for for …")', ordinaryList, fill('for ')],
  ['bare fields, each its own part ("2h; 2h; …")', ordinaryList, fill('2h; ')],
];

function measure(run) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

const request = (list, input) => ({ input, now, timezone: 'America/Chicago', clients: list.clients, aliases: list.aliases, timeIncrements: DEFAULT_TIME_INCREMENTS });
const ms = (value) => `${value.toFixed(1)} ms`.padStart(11);

// The first run compiles the rules' patterns: not what is measured.
nl.structureWithRules(request(ordinaryList(), SCENARIOS[0][2]));
process.stdout.write(`@daybook/nl rules, ${CLIENTS} clients × ${CLIENT_ALIASES_MAX} aliases in hostile lists, entries of ${LENGTH} characters, ${RUNS} runs, node ${process.version}, ${availableParallelism()} cores\n`);
process.stdout.write(`${'scenario'.padEnd(46)} ${'new list'.padStart(11)} ${'rules med'.padStart(11)} ${'rules max'.padStart(11)} ${'several med'.padStart(11)} ${'several max'.padStart(11)}\n`);
let variant = 0;
for (const [name, listOf, input] of SCENARIOS.filter(([name]) => ONLY.test(name))) {
  const newLists = Array.from({ length: RUNS }, () => listOf((variant += 1)));
  const first = measure((run) => nl.structureWithRules(request(newLists[run], input)));
  // The list's index and its words for the several-task reading are made once per list: not measured again.
  const list = listOf(0);
  nl.structureWithRules(request(list, input));
  nl.analyseManyWithRules(request(list, input));
  const one = measure(() => nl.structureWithRules(request(list, input)));
  const many = measure(() => nl.analyseManyWithRules(request(list, input)));
  process.stdout.write(`${name.padEnd(46)} ${ms(first.median)} ${ms(one.median)} ${ms(one.max)} ${ms(many.median)} ${ms(many.max)}\n`);
}
