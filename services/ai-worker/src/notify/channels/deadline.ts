import { ChannelSendError, type SendContext } from './types';

/** "10 s", "1.5 s" */
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs one send within `context.timeoutMs` and until `context.signal` aborts, whichever comes first: `run`
 * gets a signal to pass on, and the send is given up at the deadline even if `run` ignores it. Every
 * failure comes out as a ChannelSendError; one that is not already is a network failure to `target`
 * (host[:port], never a full address).
 */
export async function withinDeadline<T>(context: SendContext, target: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (context.signal?.aborted) throw shuttingDown();
  const timeout = AbortSignal.timeout(context.timeoutMs);
  const signal = context.signal ? AbortSignal.any([timeout, context.signal]) : timeout;
  let stopWaiting = () => {};
  const givenUp = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    stopWaiting = () => signal.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([run(signal), givenUp]);
  } catch (error) {
    if (timeout.aborted) throw noAnswer(context.timeoutMs);
    if (context.signal?.aborted) throw shuttingDown();
    if (error instanceof ChannelSendError) throw error;
    throw unreachable(target, error);
  } finally {
    stopWaiting();
  }
}

/** "No answer within 10 s": the other end took longer than the send may. */
export const noAnswer = (timeoutMs: number) => new ChannelSendError(`No answer within ${seconds(timeoutMs)}`, false);

const shuttingDown = () => new ChannelSendError('Not sent: the worker is shutting down', false);

/** "Could not reach 127.0.0.1:9 (ECONNREFUSED)": a network failure, worth another try later. */
export function unreachable(target: string, error: unknown): ChannelSendError {
  const code = systemErrorCode(error);
  return new ChannelSendError(code ? `Could not reach ${target} (${code})` : `Could not reach ${target}`, false);
}

/**
 * The system's code for a failure (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED…), looked for where fetch
 * (`cause`, an AggregateError's `errors` when several addresses were tried) and nodemailer
 * (`originalCode`) keep it.
 */
function systemErrorCode(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const { code, originalCode, cause, errors } = error as { code?: unknown; originalCode?: unknown; cause?: unknown; errors?: unknown };
  if (typeof originalCode === 'string') return originalCode;
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
  return systemErrorCode(cause, depth + 1) ?? (Array.isArray(errors) ? systemErrorCode(errors[0], depth + 1) : undefined);
}
