/**
 * The toast queue (spec §2, §9): one toast at a time, shown for 5 s. A plain external store, so the api
 * layer (401 handling) and components can both raise toasts; <Toaster /> renders it.
 */
import { refusalMessage } from '../api/apiError';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface Toast extends ToastInput {
  id: number;
  variant: ToastVariant;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen (the limit is 1). Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const shown: Toast = { ...input, id, variant: input.variant ?? 'default' };
  for (const dropped of toasts.slice(TOAST_LIMIT - 1)) clearTimer(dropped.id);
  toasts = [shown, ...toasts].slice(0, TOAST_LIMIT);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  emit();
  return id;
}

/** A failure toast: destructive style titled 'Error' (spec §8) unless another title is given. */
export function toastError(description: string, title = 'Error'): number {
  return toast({ title, description, variant: 'destructive' });
}

/**
 * A failed write's toast: the spec's failure text (§8) under 'Error', or, when the api refused the call
 * with a reason the user can act on (a quota, too many requests), that text as the title and the api's
 * message below it.
 */
export function toastFailure(failure: string, error: unknown): number {
  const reason = refusalMessage(error);
  return reason ? toastError(reason, failure) : toastError(failure);
}

function clearTimer(id: number) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
}

export function dismissToast(id: number): void {
  clearTimer(id);
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;

/** Tests: forget every toast. */
export function resetToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  toasts = [];
  emit();
}
