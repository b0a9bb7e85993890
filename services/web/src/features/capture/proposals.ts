import {
  captureCorrectionsBodySchema,
  reminderKey,
  taskBatchCreateBodySchema,
  taskFromStructured,
  type CaptureCorrectionsInput,
  type Priority,
  type StructuredTask,
  type StructureTaskAnswer,
  type TaskCreateInput,
} from '@daybook/shared';
import type { Piece, PieceField, Proposal } from '@daybook/nl';
import type { TextRange } from './textEdits';

/**
 * What the user changed in one proposal of the preview, kept at the place in the text where the
 * proposal starts (`anchor`, moved along as the text is edited), so it stays with that proposal while
 * the user goes on typing.
 */
export interface ProposalEdit {
  anchor: number;
  title?: string;
  clientId?: string | null;
  estimatedTime?: string | null;
  priority?: Priority;
  removed?: boolean;
}

export type ProposalChange = Omit<ProposalEdit, 'anchor'>;

/** The model's reading of the text (DECISIONS 26), valid while the text and the kept ranges are those it read. */
export interface ModelReview {
  text: string;
  kept: readonly TextRange[];
  answer: StructureTaskAnswer;
}

/** The parts of a proposal a chip (or the title) shows, and that a model may change. */
export type ProposalPart = 'title' | 'description' | 'when' | 'repeat' | 'reminder' | 'priority' | 'client' | 'estimate';

/** One proposal as the preview shows it and Enter saves it: the rules' reading, the model's, then the user's edits. */
export interface ShownProposal {
  anchor: number;
  /** The rules' reading (where each field was found). */
  proposal: Proposal;
  task: StructuredTask;
  clientId: string | null;
  removed: boolean;
  /** The parts the model read differently from the rules (marked on their chips). */
  changedByModel: ReadonlySet<ProposalPart>;
}

const NOTHING_CHANGED: ReadonlySet<ProposalPart> = new Set();

/** The edit anchored inside a proposal's part of the text. */
export function editOf(edits: readonly ProposalEdit[], proposal: Proposal): ProposalEdit | undefined {
  const end = Math.max(proposal.end, proposal.start + 1);
  return edits.find((edit) => edit.anchor >= proposal.start && edit.anchor < end);
}

/** The parts two readings of a text disagree on. */
export function changedParts(before: StructuredTask, beforeClientId: string | null, after: StructuredTask, afterClientId: string | null): Set<ProposalPart> {
  const changed = new Set<ProposalPart>();
  if (before.title !== after.title) changed.add('title');
  if (before.description.trim() !== after.description.trim()) changed.add('description');
  if (before.dueDate !== after.dueDate || (after.dueDate !== null && before.dueTime !== after.dueTime)) changed.add('when');
  const repeat = (task: StructuredTask) => (task.isRecurring ? `${task.recurringType}/${task.recurringInterval}` : '');
  if (repeat(before) !== repeat(after)) changed.add('repeat');
  const reminders = (task: StructuredTask) => task.reminders.map(reminderKey).sort().join(' ');
  if (reminders(before) !== reminders(after)) changed.add('reminder');
  if (before.priority !== after.priority) changed.add('priority');
  if (beforeClientId !== afterClientId) changed.add('client');
  if ((before.estimatedTime ?? null) !== (after.estimatedTime ?? null)) changed.add('estimate');
  return changed;
}

/**
 * The proposals as shown: each rules proposal, read again by the model when a review is valid (one
 * proposal only: the model reads the text as one task), then with the user's edits.
 */
export function presentProposals(proposals: readonly Proposal[], edits: readonly ProposalEdit[], review: ModelReview | null): ShownProposal[] {
  const reviewed = review && proposals.length === 1 ? review.answer : null;
  return proposals.map((proposal) => {
    const edit = editOf(edits, proposal);
    let task = reviewed ? reviewed.task : proposal.task;
    let clientId = reviewed ? reviewed.clientId : proposal.clientId;
    const changedByModel = reviewed ? changedParts(proposal.task, proposal.clientId, reviewed.task, reviewed.clientId) : NOTHING_CHANGED;
    if (edit?.title !== undefined) task = { ...task, title: edit.title };
    if (edit?.estimatedTime !== undefined) task = { ...task, estimatedTime: edit.estimatedTime };
    if (edit?.priority !== undefined) task = { ...task, priority: edit.priority };
    if (edit?.clientId !== undefined) clientId = edit.clientId;
    return { anchor: proposal.start, proposal, task, clientId, removed: edit?.removed === true, changedByModel };
  });
}

/** The pieces of a proposal that set one field of a chip ('when' is the date and the time). */
export function piecesFor(proposal: Proposal, fields: readonly PieceField[]): Piece[] {
  return proposal.pieces.filter((piece) => fields.includes(piece.field));
}

export type SaveRequest =
  | { kind: 'one'; body: TaskCreateInput }
  | { kind: 'batch'; body: { tasks: TaskCreateInput[] } }
  | { kind: 'invalid'; message: string };

/**
 * What Enter sends for the proposals kept: one task (POST /api/tasks) or several together (POST
 * /api/tasks/batch), checked first with the shared contract (a blank title says so instead of a 400).
 */
export function saveRequestOf(shown: readonly ShownProposal[]): SaveRequest | null {
  const bodies = shown.filter((item) => !item.removed).map((item) => taskFromStructured(item.task, item.clientId));
  if (bodies.length === 0) return null;
  const checked = taskBatchCreateBodySchema.safeParse({ tasks: bodies });
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const place = issue?.path[1];
    // Of several tasks, the message names the one it is about, as the api does ("Task 2: Title is required").
    const message = bodies.length > 1 && typeof place === 'number' ? `Task ${place + 1}: ${issue?.message}` : (issue?.message ?? 'Failed to create task');
    return { kind: 'invalid', message };
  }
  return bodies.length === 1 ? { kind: 'one', body: bodies[0] as TaskCreateInput } : { kind: 'batch', body: { tasks: bodies } };
}

/** The words of a text some pieces cover, in order, joined by a space. */
const wordsOf = (text: string, pieces: readonly Piece[]) =>
  pieces
    .map((piece) => text.slice(piece.start, piece.end).trim())
    .filter(Boolean)
    .join(' ');

/**
 * What the user taught Daybook in this capture (DECISIONS 28), to send after saving: a client chosen
 * instead of the one read gives an alias (the words read as the client, or the unknown name), an
 * estimate chosen gives the usual estimate for that title. Null when nothing was corrected.
 */
export function correctionsOf(shown: readonly ShownProposal[], edits: readonly ProposalEdit[], text: string): CaptureCorrectionsInput | null {
  const clientAliases: Array<{ alias: string; clientId: string }> = [];
  const estimates: Array<{ title: string; estimatedTime: string }> = [];
  for (const item of shown) {
    if (item.removed) continue;
    const edit = editOf(edits, item.proposal);
    if (edit?.clientId && edit.clientId !== item.proposal.clientId) {
      const alias = wordsOf(text, piecesFor(item.proposal, ['client'])) || item.proposal.unknownClient?.name || '';
      if (alias !== '') clientAliases.push({ alias, clientId: edit.clientId });
    }
    if (edit?.estimatedTime && edit.estimatedTime !== item.proposal.task.estimatedTime) {
      estimates.push({ title: item.task.title, estimatedTime: edit.estimatedTime });
    }
  }
  if (clientAliases.length === 0 && estimates.length === 0) return null;
  // A correction the contract refuses (an alias too long) is not worth an error after a successful save.
  const checked = captureCorrectionsBodySchema.safeParse({ clientAliases, estimates });
  return checked.success ? checked.data : null;
}
