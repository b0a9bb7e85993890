/** A small structured logger writing one JSON line per event; level from LOG_LEVEL. */
const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Where a log line goes; tests capture it. */
export type LogSink = (line: string, level: Exclude<LogLevel, 'silent'>) => void;

const standardStreams: LogSink = (line, level) => (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');

/** Fields of a database error that name things, never values. pg's detail, hint, where and internalQuery can quote a row: never logged. */
const NAME_FIELDS = ['schema', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;
const SQLSTATE = /^[0-9A-Z]{5}$/;
const QUOTED = /"[^"]*"|'[^']*'/g;
const WITHHELD = '(message withheld: it may quote SQL values)';

const stringField = (error: Error, key: string): string | undefined => {
  const value = (error as unknown as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** A database error: it has a SQLSTATE or a severity (pg), or is one of MikroORM's driver exceptions. */
function isDatabaseError(error: Error): boolean {
  const code = stringField(error, 'code');
  return (code !== undefined && SQLSTATE.test(code)) || stringField(error, 'severity') !== undefined || /Exception$/.test(error.name);
}

/**
 * The Postgres part of a database error's message. The query layer (knex) writes `<the SQL with its
 * parameters inlined> - <the Postgres message>`, and MikroORM appends `\n - detail: …` and `\n - hint: …`
 * (the detail quotes the row). The SQL and the addenda are dropped, and quoted values in the Postgres
 * message (`invalid input syntax for type uuid: "…"`) are replaced by "…"; a quoted name the error names
 * as its table, column or constraint stays. The split is the last ` - ` after which quotes pair up (a
 * quoted value may contain ` - ` itself); when the message cannot be taken apart safely it is withheld.
 */
function databaseMessage(error: Error, names: ReadonlySet<string>): string {
  let message = error.message;
  for (const key of ['hint', 'detail']) {
    const addendum = `\n - ${key}: ${String((error as unknown as Record<string, unknown>)[key] ?? '')}`;
    if (message.endsWith(addendum)) message = message.slice(0, -addendum.length);
    else if (message.includes(`\n - ${key}: `)) return WITHHELD;
  }
  const redact = (text: string) => text.replace(QUOTED, (quoted) => (names.has(quoted.slice(1, -1)) ? quoted : `${quoted[0]}…${quoted[0]}`));
  const pairedQuotes = (text: string) => !/["']/.test(text.replace(QUOTED, ''));
  if (!message.includes(' - ')) return pairedQuotes(message) ? redact(message) : WITHHELD;
  for (let at = message.lastIndexOf(' - '); at !== -1; at = at === 0 ? -1 : message.lastIndexOf(' - ', at - 1)) {
    const tail = message.slice(at + 3);
    if (pairedQuotes(tail)) return redact(tail);
  }
  return WITHHELD;
}

/**
 * An error as it may be logged (issue 11: error logs never contain SQL values): its name, code,
 * SQLSTATE, the names of the database objects involved, a message without SQL or values, and the stack
 * frames without the message line.
 */
export function describeError(error: Error, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name };
  const code = stringField(error, 'code');
  if (code !== undefined) out.code = code;
  if (isDatabaseError(error)) {
    const sqlState = stringField(error, 'sqlState') ?? (code !== undefined && SQLSTATE.test(code) ? code : undefined);
    if (sqlState !== undefined) out.sqlState = sqlState;
    const names = new Set<string>();
    for (const key of NAME_FIELDS) {
      const value = stringField(error, key);
      if (value === undefined) continue;
      out[key] = value;
      if (key !== 'routine') names.add(value);
    }
    out.message = databaseMessage(error, names);
  } else {
    out.message = error.message;
  }
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) out.stack = frames.join('\n');
  if (error.cause instanceof Error && depth < 3) out.cause = describeError(error.cause, depth + 1);
  return out;
}

/**
 * Paths that hold a secret: a shared task link's token (/api/shares/<token>/...) and a calendar feed's secret
 * (/api/calendar/<secret>.ics). Logs write them masked, as nginx's access log does (deploy/nginx/web-front.cjs).
 */
const SECRET_IN_PATH = [/^(\/api\/shares\/)[^/?#]+/i, /^(\/api\/calendar\/)[^/?#]+(?=\.ics(?:[?#]|$))/i];

/** A request path as a log may write it: the secret of a share link or calendar feed replaced by `[secret]`. */
export function loggablePath(path: string): string {
  for (const pattern of SECRET_IN_PATH) {
    if (pattern.test(path)) return path.replace(pattern, '$1[secret]');
  }
  return path;
}

function serialise(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? describeError(value) : value;
  }
  return out;
}

export function createLogger(level: LogLevel, service = 'api', sink: LogSink = standardStreams): Logger {
  const threshold = LEVELS.indexOf(level);
  const write = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS.indexOf(at) < threshold) return;
    sink(JSON.stringify({ time: new Date().toISOString(), level: at, service, message, ...serialise(fields) }), at);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
