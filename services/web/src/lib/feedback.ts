/**
 * What the user is told after a call (spec §8): the failure-toast policy in one place, and a write run
 * with its success and failure toasts.
 */
import { isUnauthorized } from '../api/apiError';
import { toast, toastError, toastFailure, type ToastInput } from './toast';
import { vibrate } from './vibrate';

export interface FailureOptions {
  /** The error vibration too (task and settings writes, natural-language entry). */
  vibrate?: boolean;
  /**
   * When the api refused the call with a reason the user can act on (a quota, a name taken, too many
   * requests), show that reason under the failure text (toastFailure). Off: the failure text alone.
   */
  showReason?: boolean;
}

/**
 * The failure-toast policy: after a 401 nothing (the logout toast is the only message the user needs);
 * otherwise a destructive toast with `failure`, and the error vibration where asked.
 */
export function reportFailure(error: unknown, failure: string, { vibrate: withVibration = false, showReason = false }: FailureOptions = {}): void {
  if (isUnauthorized(error)) return;
  if (withVibration) vibrate('error');
  if (showReason) toastFailure(failure, error);
  else toastError(failure);
}

export interface WriteToasts {
  /** The success toast; its action (an Undo, say) is offered for the toast's 5 s. */
  success: Pick<ToastInput, 'title' | 'description' | 'action'>;
  failure: string;
  /** Task writes vibrate on success too; every write vibrates when it fails. */
  vibrateOnSuccess?: boolean;
}

/** Runs a write with its toasts: `success` when it succeeds (true), the failure policy when it fails (false). */
export async function runWithToasts(run: () => Promise<unknown>, { success, failure, vibrateOnSuccess = false }: WriteToasts): Promise<boolean> {
  try {
    await run();
    if (vibrateOnSuccess) vibrate('success');
    toast({ ...success, variant: 'success' });
    return true;
  } catch (error) {
    reportFailure(error, failure, { vibrate: true });
    return false;
  }
}
