import type { ReminderSpec, StructuredTask, TimeIncrementChoice } from '@daybook/shared';
import { analyseManyWithRules, type TaskReading } from './multi';
import { analyseWithRules, type ClientAlias, type EstimateHabit, type RulesInput, type RulesOptions } from './rules';
import type { Field } from './scanner';

/** One of the user's clients as the capture box knows it. */
export interface CaptureClient {
  id: string | null;
  name: string;
  /** Other names the user calls this client by (DECISIONS 28). */
  aliases?: readonly string[];
}

/** Everything the structurer knows about the user, besides the text. */
export interface CaptureContext {
  /** The instant the user is typing. */
  now: Date;
  timezone: string;
  clients: readonly CaptureClient[];
  timeIncrements: readonly TimeIncrementChoice[];
  habits?: readonly EstimateHabit[];
}

export type PieceField = Exclude<Field, 'filler'>;

/** A recognised piece of the text: what the preview highlights in place and shows as a chip. */
export interface Piece {
  field: PieceField;
  /** Offsets into the input as given. */
  start: number;
  end: number;
  /** A reminder piece: the reminder of `task.reminders` it asked for (its chip). */
  reminder?: ReminderSpec;
}

/** What Daybook understood from (a part of) the text: the task it would create and where each field came from. */
export interface Proposal {
  task: StructuredTask;
  /** The id of `task.clientName` among the context's clients (null when none or the client has no id). */
  clientId: string | null;
  pieces: Piece[];
  /** The part of the input this proposal was read from. */
  start: number;
  end: number;
  /** Client markup naming no known client: the preview offers "create client". */
  unknownClient: { name: string; start: number; end: number } | null;
}

export type CaptureOptions = RulesOptions;

/** The id of a canonical client name among the context's clients. */
export function clientIdOf(name: string | null, clients: readonly CaptureClient[]): string | null {
  if (name === null) return null;
  return clients.find((client) => client.name === name)?.id ?? null;
}

/** Reads one task from the text (the capture box's live preview and the rules provider). Pure; never throws on odd text. */
export function capture(input: string, context: CaptureContext, options: CaptureOptions = {}): Proposal {
  return proposalOf({ ...analyseWithRules(requestOf(input, context), options), start: 0, end: input.length }, context);
}

/** The names and aliases of the context's clients, once per list: the same arrays keep the structurer's client index (clients.ts). */
const namesOf = new WeakMap<readonly CaptureClient[], { clients: readonly string[]; aliases: readonly ClientAlias[] }>();

function clientNames(clients: readonly CaptureClient[]): { clients: readonly string[]; aliases: readonly ClientAlias[] } {
  let names = namesOf.get(clients);
  if (names === undefined) {
    names = {
      clients: clients.map((client) => client.name),
      aliases: clients.flatMap((client) => (client.aliases ?? []).map((alias) => ({ alias, client: client.name }))),
    };
    namesOf.set(clients, names);
  }
  return names;
}

/** The rules' input for a text typed in the capture box. */
function requestOf(input: string, context: CaptureContext): RulesInput {
  const { clients, aliases } = clientNames(context.clients);
  return {
    input,
    now: context.now,
    timezone: context.timezone,
    clients,
    timeIncrements: context.timeIncrements,
    aliases,
    habits: context.habits ?? [],
  };
}

function proposalOf(reading: TaskReading, context: CaptureContext): Proposal {
  const pieces = reading.hits.flatMap((hit): Piece[] => {
    const { value } = hit;
    if (value.field === 'filler') return [];
    return [{ field: value.field, start: hit.start, end: hit.end, ...(value.field === 'reminder' && value.spec ? { reminder: value.spec } : {}) }];
  });
  return {
    task: reading.task,
    clientId: clientIdOf(reading.task.clientName, context.clients),
    pieces,
    start: reading.start,
    end: reading.end,
    unknownClient: reading.unknownClient,
  };
}

/**
 * Reads every task a text names (DECISIONS 27, RULES.md §8), in order of mention; a text naming one task
 * gives one proposal. Each proposal's `start`/`end` is the part of the text it was read from; its pieces
 * (a shared header's included, when the task took a field from it) and `keepAsText` index the whole text.
 */
export function captureMany(input: string, context: CaptureContext, options: CaptureOptions = {}): Proposal[] {
  return analyseManyWithRules(requestOf(input, context), options).map((reading) => proposalOf(reading, context));
}
