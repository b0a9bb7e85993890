import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIME_INCREMENTS, structuredTaskSchema, TASK_TITLE_MAX, type StructuredTask } from '@daybook/shared';
import { captureMany, type CaptureContext } from './capture';
import { parseCases, requestFromCase } from './cli/cases';
import { localToInstant } from './context';
import { structureManyWithRules } from './multi';
import { ACTION_VERBS, NOUN_LIKE_VERBS } from './multi-words';

/** Tuesday 2025-03-11 10:15 in Chicago: tomorrow = 03-12, Friday = 03-14, Monday = 03-17. */
const TIMEZONE = 'America/Chicago';
const NOW = localToInstant('2025-03-11T10:15:00', TIMEZONE);
const CLIENTS = ['Larkspur Florists', 'Okafor & Daughters', 'Quill Legal', 'Tidewater Marine', 'Voss Bakery'];

function tasks(input: string, now = NOW): StructuredTask[] {
  return structureManyWithRules({ input, now, timezone: TIMEZONE, clients: CLIENTS, timeIncrements: DEFAULT_TIME_INCREMENTS });
}
const titles = (input: string) => tasks(input).map((task) => task.title);

const context: CaptureContext = {
  now: NOW,
  timezone: TIMEZONE,
  clients: CLIENTS.map((name, index) => ({ id: `client-${index}`, name })),
  timeIncrements: DEFAULT_TIME_INCREMENTS,
};

describe('where a new task starts (RULES §8.1)', () => {
  it('reads every non-empty line and every list item, markers removed', () => {
    expect(titles('repot the fern\n\nfix the gate latch\n')).toEqual(['Repot the fern', 'Fix the gate latch']);
    expect(titles('- repot the fern\n* fix the gate latch\n• oil the hinges')).toEqual(['Repot the fern', 'Fix the gate latch', 'Oil the hinges']);
    expect(titles('1. repot the fern\n2) fix the gate latch')).toEqual(['Repot the fern', 'Fix the gate latch']);
    expect(titles('1) repot the fern 2) fix the gate latch 3) oil the hinges')).toEqual(['Repot the fern', 'Fix the gate latch', 'Oil the hinges']);
  });

  it('splits at a semicolon', () => {
    expect(titles('defrost the freezer; descale the kettle')).toEqual(['Defrost the freezer', 'Descale the kettle']);
  });

  it('splits at a comma or connector when a new action follows', () => {
    expect(titles('Order the flyers, book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers and book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers plus book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers then book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers, and then book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers, also book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers oh and book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
  });

  it('splits when the new action comes behind a lead-in or its own date phrase', () => {
    expect(titles('Order the flyers and remind me to book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers and I gotta book the photographer')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles("Order the flyers and then I'll book the photographer")).toEqual(['Order the flyers', 'Book the photographer']);
    const [, second] = tasks('Order the flyers and next Monday book the photographer');
    expect(second).toMatchObject({ title: 'Book the photographer', dueDate: '2025-03-17' });
  });

  it('starts a task at a sentence that opens with a connector or a lead-in', () => {
    expect(titles('Order the flyers. Then book the photographer.')).toEqual(['Order the flyers', 'Book the photographer']);
    expect(titles('Order the flyers. Oh right, the photographer needs booking.')).toHaveLength(2);
    expect(titles("Order the flyers. Don't forget to book the photographer.")).toEqual(['Order the flyers', 'Book the photographer']);
  });

  it('makes any other sentence after a task its description, and drops sentences that name no task', () => {
    expect(tasks('Order the flyers for the fair. The print shop closes at noon.')).toEqual([
      expect.objectContaining({ title: 'Order the flyers for the fair', description: 'The print shop closes at noon', dueTime: null }),
    ]);
    expect(titles('Alright, let me think. Order the flyers. Okay, that is all.')).toEqual(['Order the flyers']);
    expect(titles('Could you add a few things. Order the flyers. Also book the photographer.')).toEqual(['Order the flyers', 'Book the photographer']);
  });
});

describe('no split: one task (RULES §8.2)', () => {
  it.each([
    'buy sourdough, rye and two baguettes',
    'proofread the March, April newsletters',
    'send Quill Legal the deed and the signed waiver',
    'cook rice and beans and a salad',
    'call Patel and Moreau about the boundary wall',
    'arrange a meeting between Quill Legal and Tidewater Marine',
    'draft and send the welcome letter',
    'ring the insurer and ask whether hail damage is covered',
    'stop by the pharmacy to collect the inhaler',
    'invoice Okafor & Daughters for the survey',
    'Outline the talk: history, the pilot results, and next year',
    'check the tyre pressure and water levels',
    'send the draft and make sure Dana signs it',
    'If the parcel is late, then email the courier',
    'When you get a chance, book the car wash',
  ])('%s', (input) => {
    expect(tasks(input)).toHaveLength(1);
  });

  it('keeps topics after a colon as the description', () => {
    expect(tasks('Outline the talk: history, the pilot results, and next year')[0]).toMatchObject({
      title: 'Outline the talk',
      description: 'history, the pilot results, and next year',
    });
  });
});

describe('which task a phrase belongs to (RULES §8.3)', () => {
  it('gives a phrase to the task whose words contain it, also when it opens that task', () => {
    const [first, second] = tasks('text Voss Bakery the order and at 3 call Tidewater Marine');
    expect(first).toMatchObject({ clientName: 'Voss Bakery', dueTime: null });
    expect(second).toMatchObject({ title: 'Call Tidewater Marine', clientName: 'Tidewater Marine', dueDate: '2025-03-11', dueTime: '15:00' });
  });

  it('gives a bare priority or estimate between separators to the task before', () => {
    const [first, second] = tasks('clean the gutters, whenever, and fix the shed door, 2 hours');
    expect(first).toMatchObject({ title: 'Clean the gutters', priority: 'low', estimatedTime: null });
    expect(second).toMatchObject({ title: 'Fix the shed door', priority: 'medium', estimatedTime: '2h' });
  });

  it('spreads nothing to the next task by itself', () => {
    const [, second] = tasks('pay Quill Legal by Friday at 5pm, urgent, then update the budget sheet');
    expect(second).toMatchObject({ clientName: null, priority: 'medium', dueDate: null, dueTime: null });
  });
});

describe('shared phrases (RULES §8.4)', () => {
  it('shares a leading phrase followed by a colon with every task after it', () => {
    expect(tasks('For Larkspur Florists, by Friday: confirm the table count and send the deposit')).toEqual([
      expect.objectContaining({ title: 'Confirm the table count', clientName: 'Larkspur Florists', dueDate: '2025-03-14' }),
      expect.objectContaining({ title: 'Send the deposit', clientName: 'Larkspur Florists', dueDate: '2025-03-14' }),
    ]);
  });

  it('shares a header line over a list; the header is no task', () => {
    const result = tasks('Quill Legal, high priority:\n- sign the NDA\n- scan the ID');
    expect(result.map((t) => [t.title, t.clientName, t.priority])).toEqual([
      ['Sign the NDA', 'Quill Legal', 'high'],
      ['Scan the ID', 'Quill Legal', 'high'],
    ]);
  });

  it('shares a leading phrase before a lead-in with the tasks of that sentence only', () => {
    const result = tasks('Thursday afternoon I need to mow the lawn and wash the car. Also buy bird seed.');
    expect(result.map((t) => [t.title, t.dueDate, t.dueTime])).toEqual([
      ['Mow the lawn', '2025-03-13', '15:00'],
      ['Wash the car', '2025-03-13', '15:00'],
      ['Buy bird seed', null, null],
    ]);
  });

  it("lets a task's own values win: own date, own client, own time with the shared date", () => {
    const result = tasks('Tomorrow, for Voss Bakery: approve the logo at 10, on Monday pay the invoice, and email Quill Legal the lease');
    expect(result.map((t) => [t.title, t.clientName, t.dueDate, t.dueTime])).toEqual([
      ['Approve the logo', 'Voss Bakery', '2025-03-12', '10:00'],
      ['Pay the invoice', 'Voss Bakery', '2025-03-17', null],
      ['Email Quill Legal the lease', 'Quill Legal', '2025-03-12', null],
    ]);
  });

  it('reads a bare hour with a shared part of the day', () => {
    expect(tasks('Tonight: call Dad at 8').map((t) => [t.dueDate, t.dueTime])).toEqual([['2025-03-11', '20:00']]);
  });

  it('shares a repeat; a later header replaces an earlier one', () => {
    const result = tasks('Every Friday: back up the laptop\nMonday: renew the parking permit');
    expect(result.map((t) => [t.isRecurring, t.recurringType, t.dueDate])).toEqual([
      [true, 'weekly', '2025-03-14'],
      [false, null, '2025-03-17'],
    ]);
  });

  it('shares a line of fields over a list, also without a colon', () => {
    expect(tasks('Saturday\n- wax the skis\n- pack the van').map((t) => [t.title, t.dueDate])).toEqual([
      ['Wax the skis', '2025-03-15'],
      ['Pack the van', '2025-03-15'],
    ]);
  });

  it('gives a leading date without colon or lead-in to the first task', () => {
    const [first, second] = tasks('first thing tomorrow mop the hall and then restock the pantry');
    expect(first).toMatchObject({ title: 'Mop the hall', dueDate: '2025-03-12' });
    expect(second?.title).toBe('Restock the pantry');
  });
});

describe('titles (RULES §8.5)', () => {
  it('drops connectors and utterance fillers', () => {
    expect(titles('so yeah, repot the fern, and then oh and fix the gate latch. Alright, finally, oil the hinges.')).toEqual([
      'Repot the fern',
      'Fix the gate latch',
      'Oil the hinges',
    ]);
  });
});

describe('captureMany (the capture box)', () => {
  const text = 'Quill Legal: sign the lease tomorrow, then invoice Voss Bakery';

  it('gives one proposal per task with the part of the text it was read from', () => {
    const proposals = captureMany(text, context);
    expect(proposals.map((p) => text.slice(p.start, p.end))).toEqual(['sign the lease tomorrow', 'invoice Voss Bakery']);
    expect(proposals.map((p) => p.clientId)).toEqual(['client-2', 'client-4']);
  });

  it('places pieces in the whole text, the shared header among them when a task took a field from it', () => {
    const pieces = captureMany(text, context).map((p) => p.pieces.map((piece) => [piece.field, text.slice(piece.start, piece.end)]));
    expect(pieces).toEqual([
      [
        ['client', 'Quill Legal'],
        ['date', 'tomorrow'],
      ],
      [['client', 'Voss Bakery']],
    ]);
  });

  it('reads ranges the user gave back to the title as words in the task that holds them', () => {
    const input = 'sign the lease tomorrow and invoice Voss Bakery next Friday';
    const start = input.indexOf('next Friday');
    const [first, second] = captureMany(input, context, { keepAsText: [{ start, end: start + 'next Friday'.length }] });
    expect(first?.task.dueDate).toBe('2025-03-12');
    expect(second?.task).toMatchObject({ title: 'Invoice Voss Bakery next Friday', dueDate: null });
  });

  it('stops sharing a header phrase the user gave back to the text, keeping the tasks where they were', () => {
    const input = 'Tomorrow: sign the lease, then invoice Voss Bakery';
    const proposals = captureMany(input, context, { keepAsText: [{ start: 0, end: 'Tomorrow'.length }] });
    expect(proposals.map((p) => [input.slice(p.start, p.end), p.task.dueDate, p.pieces.length])).toEqual([
      ['sign the lease', null, 0],
      ['invoice Voss Bakery', null, 1],
    ]);
  });

  it('gives one proposal for one task, and for text that names none', () => {
    expect(captureMany('sign the lease tomorrow', context)).toHaveLength(1);
    expect(captureMany('', context)).toHaveLength(1);
    expect(captureMany('Okay.', context)).toHaveLength(1);
  });
});

describe('robustness', () => {
  const TOKENS = ['and', 'then', ',', ';', '.', ':', '\n', '- ', '1)', '2.', 'call', 'Quill', 'Legal', 'tomorrow', 'at', '4', 'urgent', 'I', 'need', 'to', 'buy', 'milk', '"', 'Okay', 'also', '&', '🚀', 'every', 'Monday', '30', 'min'];

  it('answers any mix of separators with valid tasks and pieces inside their text', () => {
    let state = 7;
    const random = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    for (let i = 0; i < 400; i += 1) {
      const input = Array.from({ length: 1 + random(40) }, () => TOKENS[random(TOKENS.length)]).join(' ');
      const proposals = captureMany(input, context);
      expect(proposals.length).toBeGreaterThan(0);
      let last = -1;
      for (const proposal of proposals) {
        if (!structuredTaskSchema.safeParse(proposal.task).success) throw new Error(`invalid task for ${JSON.stringify(input)}`);
        expect(proposal.start).toBeGreaterThan(last);
        last = proposal.start;
        for (const piece of proposal.pieces) expect(piece.start >= 0 && piece.end <= input.length && piece.start < piece.end).toBe(true);
      }
    }
  });

  it('keeps long rambles within the field limits', () => {
    const result = tasks('call Quill Legal and book the van, '.repeat(60));
    expect(result.length).toBe(120);
    expect(result.every((task) => task.title.length <= TASK_TITLE_MAX)).toBe(true);
  });
});

describe('word lists', () => {
  it('reads every noun-like verb as a verb', () => {
    expect([...NOUN_LIKE_VERBS].filter((verb) => !ACTION_VERBS.has(verb))).toEqual([]);
  });
});

/** Runs a cases file through a structurer and the multi scorer; returns the scorer's report and accuracy. */
function score(casesFile: string, structure: (c: ReturnType<typeof parseCases>[number]) => StructuredTask[]): { accuracy: number; report: string } {
  const cases = parseCases(fs.readFileSync(casesFile, 'utf8'), path.basename(casesFile));
  expect(cases.length).toBeGreaterThan(0);
  const lines = cases.map((c) => JSON.stringify({ id: c.id, outputs: structure(c) }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-multi-'));
  const resultsFile = path.join(dir, 'results.jsonl');
  fs.writeFileSync(resultsFile, `${lines.join('\n')}\n`);
  try {
    const report = execFileSync(process.execPath, [path.join(dataDir, 'score-multi.mjs'), casesFile, resultsFile, '--max-failures=40'], { encoding: 'utf8' });
    return { accuracy: Number(/^ACCURACY ([\d.]+)$/mu.exec(report)?.[1]), report };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dataDir = path.resolve(__dirname, '../test-data');

describe('own several-task cases (test-data/own-multi*.jsonl)', () => {
  const files = fs.readdirSync(dataDir).filter((name) => /^own-multi.*\.jsonl$/u.test(name));

  it('has them', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s passes whole-case with score-multi.mjs', (name) => {
    const { accuracy, report } = score(path.join(dataDir, name), (c) => structureManyWithRules(requestFromCase(c)));
    if (accuracy < 100) throw new Error(`${name}: whole-case accuracy ${accuracy}%\n${report}`);
  });
});

describe('single-task corpora through the several-task path', () => {
  // The capture box reads every text with captureMany: a text naming one task must stay one task.
  const files = ['dev.jsonl', ...fs.readdirSync(dataDir).filter((name) => /^own-(?!multi).*\.jsonl$/u.test(name))];

  it.each(files)('gives exactly one task for every case of %s', (name) => {
    const cases = parseCases(fs.readFileSync(path.join(dataDir, name), 'utf8'), name);
    expect(cases.length).toBeGreaterThan(0);
    const split = cases.filter((c) => structureManyWithRules(requestFromCase(c)).length !== 1).map((c) => c.input);
    expect(split).toEqual([]);
  });
});

describe('gaps closed after a blind test set', () => {
  it('drops a lower-case filler sentence before the tasks', () => {
    expect(titles('ok so a couple of things. water the ferns, then invoice Quill Legal for March')).toEqual(['Water the ferns', 'Invoice Quill Legal for March']);
  });

  it('splits two actions after a shared date and part of day, "brief" being a verb', () => {
    const [first, second] = tasks('Thursday afternoon I need to proof the Voss Bakery menu and brief the print shop');
    expect(tasks('Thursday afternoon I need to proof the Voss Bakery menu and brief the print shop')).toHaveLength(2);
    expect(first).toMatchObject({ title: 'Proof the Voss Bakery menu', dueDate: '2025-03-13', dueTime: '15:00' });
    expect(second).toMatchObject({ title: 'Brief the print shop', dueDate: '2025-03-13', dueTime: '15:00' });
    expect(titles('a brief for Tidewater Marine and a quote')).toHaveLength(1);
  });

  it('reads "before 3" as a time', () => {
    expect(tasks('check and file the Larkspur Florists receipts before 3')).toEqual([
      expect.objectContaining({ title: 'Check and file the Larkspur Florists receipts', dueDate: '2025-03-11', dueTime: '15:00' }),
    ]);
  });
});
