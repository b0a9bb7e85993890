/** A small structured logger writing one JSON line per event; level from LOG_LEVEL. */
const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

export function createLogger(level: LogLevel, service = 'api'): Logger {
  const threshold = LEVELS.indexOf(level);
  const write = (at: LogLevel) => (message: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS.indexOf(at) < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, service, message, ...serialise(fields) });
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
