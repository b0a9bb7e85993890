import { captureMany, type CaptureContext, type Proposal } from '@daybook/nl';
import type { TextRange } from './textEdits';

/** The User Timing names recorded around each structurer run (bench/capture-keystroke.mjs reads them). */
export const STRUCTURE_MARK = 'daybook:capture:structure:start';
export const STRUCTURE_MEASURE = 'daybook:capture:structure';
/** Measures kept in the page's timeline before they are cleared (an observer sees each one as it is made). */
const MEASURES_KEPT = 500;
let measures = 0;

/** Every task the text names, read on the user's clock with their clients, aliases, increments and habits. */
export function structure(text: string, context: CaptureContext, keepAsText: readonly TextRange[]): Proposal[] {
  if (text.trim() === '') return [];
  if (typeof performance.mark !== 'function') return captureMany(text, context, { keepAsText }); // no User Timing (jsdom)
  performance.mark(STRUCTURE_MARK);
  const proposals = captureMany(text, context, { keepAsText });
  performance.measure(STRUCTURE_MEASURE, STRUCTURE_MARK);
  performance.clearMarks(STRUCTURE_MARK);
  measures += 1;
  if (measures >= MEASURES_KEPT) {
    performance.clearMeasures(STRUCTURE_MEASURE);
    measures = 0;
  }
  return proposals;
}

/**
 * Runs the structurer once on a sentence of every kind of field, unmeasured: the first keystroke then
 * does not pay for compiling it and for the clock's first time-zone reading (hundreds of ms on a phone).
 */
export function warmUp(context: CaptureContext): void {
  captureMany('Call the client tomorrow at 3pm, urgent, 30 min, every week; then send the report on Friday', context);
}
