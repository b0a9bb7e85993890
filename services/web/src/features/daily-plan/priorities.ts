import { defaultDailyPriorities, MAX_DAILY_PRIORITIES, type Task } from '@daybook/shared';

/**
 * Daily review selection (spec §4): choosing a task adds it after the others (numbered by selection
 * order); choosing beyond the maximum is ignored; choosing a selected task removes it.
 */
export function togglePriority(selected: readonly string[], id: string, max: number = MAX_DAILY_PRIORITIES): string[] {
  if (selected.includes(id)) return selected.filter((current) => current !== id);
  if (selected.length >= max) return [...selected];
  return [...selected, id];
}

/**
 * Tasks a user may choose as priorities, each once (the last copy given): the shared daily-plan rule
 * (which tasks qualify, in which order, spec §4) without its cut-off, since the user picks among all.
 */
export function priorityCandidates(tasks: readonly Task[]): Task[] {
  const unique = [...new Map(tasks.map((task) => [task.id, task])).values()];
  return defaultDailyPriorities(unique, unique.length);
}

/** The screen starts from today's plan: up to 3 of its tasks that are still active (spec §2). */
export function prefilledPriorities(planIds: readonly string[], candidates: readonly Task[], max: number = MAX_DAILY_PRIORITIES): string[] {
  const active = new Set(candidates.map((task) => task.id));
  return planIds.filter((id) => active.has(id)).slice(0, max);
}

/**
 * The priorities dialog's list (spec §4): the default order at first, then the user's manual order,
 * with new tasks added at the end (in the default order) and removed ones dropped.
 */
export function mergeManualOrder(manual: readonly string[] | null, tasks: readonly Task[]): Task[] {
  const sorted = priorityCandidates(tasks);
  if (!manual) return sorted;
  const byId = new Map(sorted.map((task) => [task.id, task]));
  const kept = manual.flatMap((id) => byId.get(id) ?? []);
  const seen = new Set(manual);
  return [...kept, ...sorted.filter((task) => !seen.has(task.id))];
}
