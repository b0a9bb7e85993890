// What `npm run dev` shows on the terminal: a few human lines ("[daybook] ..."), and the api's or the
// worker's warnings and errors. The details (npm's and Vite's output, the children's JSON log) go to the
// log file, DATA_DIR/logs/daybook.log (the previous run's is kept as daybook.log.1), unless the output is
// verbose (`npm run dev -- --verbose`, and always for `npm start`, whose output a service manager keeps).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How many of a failed command's last lines are shown on the terminal. */
const FAILURE_TAIL = 40;

let logStream = null;
let logPath = null;
let dotEnvRead = false;

export function log(message) {
  console.log(`[daybook] ${message}`);
}

/** A .env at the repository root (see .env.example) is read when present; variables already set win. */
export function loadDotEnv() {
  const envFile = path.join(root, '.env');
  if (dotEnvRead || !existsSync(envFile)) return;
  process.loadEnvFile(envFile);
  dotEnvRead = true;
  log('read .env');
}

/** From now on, details go to DATA_DIR/logs/daybook.log instead of the terminal. */
export function detailsToLogFile() {
  logPath = path.resolve(root, process.env.DATA_DIR || 'data', 'logs', 'daybook.log');
  mkdirSync(path.dirname(logPath), { recursive: true });
  if (existsSync(logPath)) renameSync(logPath, `${logPath}.1`);
  logStream = createWriteStream(logPath, { flags: 'a', mode: 0o600 });
}

/** The log file, relative to the root when inside it; null when the details go to the terminal. */
export function logFile() {
  if (!logPath) return null;
  const relative = path.relative(root, logPath);
  return relative.startsWith('..') ? logPath : relative;
}

/** The stdio of a child whose output is details. */
export function childStdio() {
  return logStream ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
}

/**
 * Writes a child's output to the log file, line by line; `show(line, stream)` may answer a line for the
 * terminal. Answers a function giving the child's last lines (to explain a failure).
 */
export function captureDetails(child, show = () => null) {
  const tail = [];
  if (!logStream) return () => tail;
  for (const [stream, name] of [
    [child.stdout, 'stdout'],
    [child.stderr, 'stderr'],
  ]) {
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      logStream.write(`${line}\n`);
      tail.push(line);
      if (tail.length > FAILURE_TAIL) tail.shift();
      const shown = show(line, name);
      if (shown) (name === 'stderr' ? console.error : console.log)(shown);
    });
  }
  return () => tail;
}

/**
 * A line of the api's or the worker's log as the terminal shows it: warnings and errors in plain words,
 * and whatever the process printed that is not its JSON log on stderr (a crash); nothing else.
 */
export function serviceLine(name) {
  return (line, stream) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return stream === 'stderr' && line.trim() ? `[${name}] ${line}` : null;
    }
    if (entry?.level !== 'warn' && entry?.level !== 'error') return null;
    const cause = entry.error?.message ? `: ${entry.error.message}` : '';
    return `[${name}] ${entry.level === 'error' ? 'error' : 'warning'}: ${entry.message}${cause}`;
  };
}

/**
 * Runs a command whose output is details: on the terminal when verbose, else into the log file, and on
 * failure its last lines are shown.
 */
export function runQuietly(command, args, { shell = false, what = [command, ...args].join(' ') } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: childStdio(), shell });
    const tail = captureDetails(child);
    child.on('error', reject);
    // 'close': after the last of its output has been written.
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      if (logStream) {
        console.error(tail().join('\n'));
        console.error(`[daybook] the whole output is in ${logFile()}`);
      }
      reject(new Error(`${what} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
