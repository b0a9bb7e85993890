import type { LogLevel } from './config/env';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = Record<Exclude<LogLevel, 'silent'>, (message: string, fields?: Record<string, unknown>) => void>;

/**
 * One JSON line per entry on stdout (warn and error on stderr), filtered by LOG_LEVEL. `allToStderr`
 * keeps stdout free for a command's output (the batch command).
 */
export function createLogger(level: LogLevel, service = 'ai-worker', allToStderr = false): Logger {
  const write = (entryLevel: Exclude<LogLevel, 'silent'>) => (message: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[entryLevel] < ORDER[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: entryLevel, service, msg: message, ...fields });
    (allToStderr || ORDER[entryLevel] >= ORDER.warn ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** A URL for logs, without its password. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(invalid url)';
  }
}
