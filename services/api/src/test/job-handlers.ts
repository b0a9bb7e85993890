import type { JobHandlers } from '@daybook/ai-worker';
import { JOB_NAMES } from '@daybook/shared';

/** A full set of job handlers for a test that uses only some: the others fail if called. */
export function handlersWith(used: Partial<JobHandlers>): JobHandlers {
  const unused = Object.fromEntries(
    JOB_NAMES.map((name) => [
      name,
      () => {
        throw new Error(`${name} is not used in this test`);
      },
    ]),
  ) as unknown as JobHandlers;
  return { ...unused, ...used };
}
