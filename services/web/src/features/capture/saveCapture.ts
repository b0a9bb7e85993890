import type { Task, TaskCreateInput } from '@daybook/shared';
import type { CaptureContext } from '@daybook/nl';
import { aiApi } from '../../api/aiApi';
import { captureApi } from '../../api/captureApi';
import { clientsApi } from '../../api/clientsApi';
import { tasksApi } from '../../api/tasksApi';
import type { AppDispatch } from '../../app/store';
import { reportFailure } from '../../lib/feedback';
import { isQueuedAnswer } from '../../lib/offlineProtocol';
import { toast, toastError } from '../../lib/toast';
import { vibrate } from '../../lib/vibrate';
import type { CaptureState } from './captureState';
import { correctionsOf, presentProposals, saveRequestOf, type ModelReview, type ShownProposal } from './proposals';
import { structure } from './structure';

export type SaveOutcome =
  /** Saved: how many tasks, and the tasks created (null when they wait on the device, offline, to be sent). */
  | { kind: 'saved'; count: number; tasks: Task[] | null }
  /** The model read the text differently: shown, waiting for a second Enter. */
  | { kind: 'reviewed'; review: ModelReview }
  | { kind: 'not-saved' };

const NOT_SAVED: SaveOutcome = { kind: 'not-saved' };

export interface SaveSettings {
  context: CaptureContext;
  /** A model reviews proposals on the server (GET /api/capture/context). */
  modelReview: boolean;
}

/** The model's reading when it differs from what is shown; null to save what is shown. */
async function reviewByModel(dispatch: AppDispatch, state: CaptureState, shown: readonly ShownProposal[]): Promise<ModelReview | null> {
  let answer;
  try {
    answer = await dispatch(aiApi.endpoints.structureTask.initiate({ input: state.text.trim() }, { track: false })).unwrap();
  } catch {
    return null; // no review (rate limited, worker away): what the rules read is saved
  }
  if (isQueuedAnswer(answer) || answer.readBy !== 'model') return null;
  const review: ModelReview = { text: state.text, kept: state.kept, answer };
  const reviewed = presentProposals(
    shown.map((item) => item.proposal),
    state.edits,
    review,
  );
  return reviewed.some((item) => item.changedByModel.size > 0) ? review : null;
}

/** One task (POST /api/tasks) or several together (POST /api/tasks/batch); null when queued offline. */
async function send(dispatch: AppDispatch, body: TaskCreateInput | { tasks: TaskCreateInput[] }): Promise<Task[] | null> {
  if ('tasks' in body) {
    const answer = await dispatch(tasksApi.endpoints.createTaskBatch.initiate(body, { track: false })).unwrap();
    return isQueuedAnswer(answer) ? null : answer.tasks;
  }
  const answer = await dispatch(tasksApi.endpoints.createTask.initiate(body, { track: false })).unwrap();
  return isQueuedAnswer(answer) ? null : [answer];
}

/**
 * Enter in the capture box: with a model configured (and online, one proposal, not reviewed yet) the
 * model's reading first, shown when it differs; else what is shown is saved, then the corrections the
 * user made are sent (POST /api/capture/corrections; they never fail the capture). Offline the service
 * worker queues the writes like every other change (DECISIONS 19).
 */
export async function saveCapture(dispatch: AppDispatch, state: CaptureState, { context, modelReview }: SaveSettings): Promise<SaveOutcome> {
  const shown = presentProposals(structure(state.text, context, state.kept), state.edits, state.review);
  if (modelReview && !state.review && navigator.onLine && shown.filter((item) => !item.removed).length === 1) {
    const review = await reviewByModel(dispatch, state, shown);
    if (review) return { kind: 'reviewed', review };
  }
  const request = saveRequestOf(shown);
  if (!request) return NOT_SAVED;
  if (request.kind === 'invalid') {
    vibrate('error');
    toastError(request.message, 'Failed to create task');
    return NOT_SAVED;
  }
  let tasks: Task[] | null;
  try {
    tasks = await send(dispatch, request.body);
  } catch (error) {
    // A quota reached shows the api's message (DECISIONS 22).
    reportFailure(error, 'Failed to create task', { vibrate: true, showReason: true });
    return NOT_SAVED;
  }
  const corrections = correctionsOf(shown, state.edits, state.text);
  if (corrections) void dispatch(captureApi.endpoints.sendCaptureCorrections.initiate(corrections, { track: false })).unwrap().catch(() => undefined);
  return { kind: 'saved', count: request.kind === 'batch' ? request.body.tasks.length : 1, tasks };
}

/** Creates a client the text names that is none of the user's (the preview then reads it as that client). */
export async function createNamedClient(dispatch: AppDispatch, name: string): Promise<void> {
  try {
    await dispatch(clientsApi.endpoints.createClient.initiate({ name }, { track: false })).unwrap();
    toast({ title: 'Client created', variant: 'success' });
  } catch (error) {
    reportFailure(error, 'Failed to create client', { showReason: true });
  }
}
