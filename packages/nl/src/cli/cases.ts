import { estimateUnit, formatEstimate, parseEstimateMinutes, timeIncrementValue, type TimeIncrementChoice } from '@daybook/shared';
import { localToInstant } from '../context';
import type { RulesInput } from '../rules';

/** One line of a cases file in the format of the shared development corpus (`dev.jsonl`). */
export interface EvalCase {
  id: string;
  input: string;
  category?: string;
  context: {
    /** Local date-time without an offset, on the wall clock of `timezone`. */
    now: string;
    timezone: string;
    availableClients?: string[];
    availableTimeIncrements?: string[];
  };
  expect?: Record<string, unknown>;
}

/** A time-increment label as the Settings dialog makes it ('15 minutes' → value '15min'). */
export function incrementFromLabel(label: string): TimeIncrementChoice {
  const match = /^(\d+(?:\.\d+)?)\s*(\p{L}+)$/u.exec(label.trim());
  const unit = match ? estimateUnit(match[2] as string) : null;
  if (match && unit) return { label, value: timeIncrementValue(Number(match[1]), unit) };
  const minutes = parseEstimateMinutes(label);
  return { label, value: minutes !== null ? formatEstimate(minutes) : label };
}

/** The structurer input a case describes (`now` as the instant it names in the case's zone). */
export function requestFromCase(c: EvalCase): RulesInput {
  return {
    input: c.input,
    now: localToInstant(c.context.now, c.context.timezone),
    timezone: c.context.timezone,
    clients: c.context.availableClients ?? [],
    timeIncrements: (c.context.availableTimeIncrements ?? []).map(incrementFromLabel),
  };
}

/** Parses a JSON-lines file; blank lines are skipped, a bad line names its number. */
export function parseCases(text: string, source = 'cases'): EvalCase[] {
  const cases: EvalCase[] = [];
  text.split(/\r?\n/u).forEach((line, index) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${source}:${index + 1}: invalid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const c = value as Partial<EvalCase>;
    if (typeof c.id !== 'string' || typeof c.input !== 'string' || !c.context || typeof c.context.now !== 'string' || typeof c.context.timezone !== 'string') {
      throw new Error(`${source}:${index + 1}: a case needs id, input, context.now and context.timezone`);
    }
    cases.push(c as EvalCase);
  });
  return cases;
}
