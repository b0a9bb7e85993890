import { DEFAULT_TIME_INCREMENTS } from '@daybook/shared';
import type { StructureRequest } from '../providers/provider';
import { localToInstant } from '@daybook/nl';
import type { StubBehaviour } from './stub-llm';

/** The request every provider contract scenario sends: Tuesday 2025-03-11 10:15 in Chicago. */
export const CONTRACT_REQUEST: StructureRequest = {
  input: 'Call Globex tomorrow at 3pm about the renewal, 30 minutes',
  now: localToInstant('2025-03-11T10:15:00', 'America/Chicago').toISOString(),
  timezone: 'America/Chicago',
  clients: ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Industries', 'Wayne Enterprises'],
  timeIncrements: DEFAULT_TIME_INCREMENTS,
};

/** A correct model answer to CONTRACT_REQUEST. */
export const VALID_ANSWER = {
  title: 'Call Globex about the renewal',
  description: '',
  clientName: 'Globex',
  priority: 'medium',
  dueDate: '2025-03-12',
  dueTime: '15:00',
  estimatedTime: '30min',
  isRecurring: false,
  recurringType: null,
  recurringInterval: 1,
  reminders: [],
};

export interface ContractScenario {
  name: string;
  behaviour: StubBehaviour;
  /** Whether the model's answer is used (else the rules fallback answers). */
  expect: 'model' | 'fallback';
  /** Extra expectations on the result. */
  check?: Record<string, unknown>;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The answers of the issue: valid, prose, code-fenced, reasoning models' thoughts before the answer, empty,
 * truncated, wrong types, unknown client, wrong date, reminders (kept, dropped, absent), 500, 429, hang.
 */
export const CONTRACT_SCENARIOS: ContractScenario[] = [
  { name: 'a valid answer', behaviour: { kind: 'content', content: json(VALID_ANSWER) }, expect: 'model', check: { title: 'Call Globex about the renewal', clientName: 'Globex' } },
  { name: 'JSON wrapped in prose', behaviour: { kind: 'content', content: `Sure! Here is the task:\n${json(VALID_ANSWER)}\nAnything else?` }, expect: 'model' },
  { name: 'prose only', behaviour: { kind: 'content', content: "I'm sorry, I can't help with that." }, expect: 'fallback' },
  { name: 'a code-fenced answer', behaviour: { kind: 'content', content: `\`\`\`json\n${json(VALID_ANSWER)}\n\`\`\`` }, expect: 'model' },
  { name: 'JSON after <think>…</think>', behaviour: { kind: 'content', content: `<think>They want a call {tomorrow} at 3pm.</think>\n${json(VALID_ANSWER)}` }, expect: 'model', check: { dueTime: '15:00' } },
  { name: 'a code fence after <think>…</think>', behaviour: { kind: 'content', content: `<think>\nEasy.\n</think>\n\n\`\`\`json\n${json(VALID_ANSWER)}\n\`\`\`` }, expect: 'model' },
  { name: 'only thoughts, cut off', behaviour: { kind: 'content', content: `<think>Maybe ${json(VALID_ANSWER)} or` }, expect: 'fallback' },
  { name: 'an empty answer', behaviour: { kind: 'content', content: '' }, expect: 'fallback' },
  { name: 'no content at all', behaviour: { kind: 'empty' }, expect: 'fallback' },
  { name: 'truncated JSON', behaviour: { kind: 'content', content: json(VALID_ANSWER).slice(0, 60) }, expect: 'fallback' },
  { name: 'wrong types', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, priority: 5, isRecurring: 'yes', title: ['Call'] }) }, expect: 'fallback' },
  { name: 'an unknown client', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, clientName: 'Hooli' }) }, expect: 'model', check: { clientName: null } },
  { name: 'a client in other spelling', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, clientName: 'globex' }) }, expect: 'model', check: { clientName: 'Globex' } },
  // Kept as said, never rounded to an increment (DECISIONS 18).
  { name: 'an estimate outside the increments', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, estimatedTime: '25 minutes' }) }, expect: 'model', check: { estimatedTime: '25min' } },
  { name: 'a date in the wrong format', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, dueDate: '03/12/2025' }) }, expect: 'fallback' },
  { name: 'a time in the wrong format', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, dueTime: '3pm' }) }, expect: 'fallback' },
  { name: 'a reminder in the flat shape asked for', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, reminders: [{ kind: 'before', minutes: 15, daysBefore: null, time: null, at: null }] }) }, expect: 'model', check: { reminders: [{ kind: 'before', minutes: 15 }] } },
  { name: 'a reminder in the contract’s own shape', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, reminders: [{ kind: 'on-day', daysBefore: 1, time: '18:00' }] }) }, expect: 'model', check: { reminders: [{ kind: 'on-day', daysBefore: 1, time: '18:00' }] } },
  { name: 'a reminder that is none', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, reminders: [{ kind: 'soon' }, { kind: 'before', minutes: -10 }] }) }, expect: 'model', check: { reminders: [] } },
  { name: 'an answer without reminders', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, reminders: undefined }) }, expect: 'model', check: { reminders: [] } },
  { name: 'an injection-shaped answer', behaviour: { kind: 'content', content: json({ ...VALID_ANSWER, clientName: 'Wayne Enterprises; DROP TABLE clients' }) }, expect: 'model', check: { clientName: null } },
  { name: 'HTTP 500', behaviour: { kind: 'status', status: 500 }, expect: 'fallback' },
  { name: 'HTTP 429', behaviour: { kind: 'status', status: 429 }, expect: 'fallback' },
  { name: 'a hang', behaviour: { kind: 'hang' }, expect: 'fallback' },
];
