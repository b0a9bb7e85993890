/**
 * Batch command for evaluation:
 *
 *   npm run --silent structure -w services/ai-worker -- --cases FILE.jsonl [--out RESULTS.jsonl] [--concurrency N]
 *
 * Reads cases in the format of the shared development corpus (each with its own now, timezone, clients
 * and time increments), runs the configured provider (AI_PROVIDER, with AI_FALLBACK and AI_TIMEOUT_MS as
 * the worker does) in-process on each, and prints one line {"id", "output"} per case on standard output
 * and nothing else (logs go to standard error). `--out` writes the lines to a file instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EnvError, parseEnv } from '../config/env';
import { createLogger } from '../log';
import { createProvider } from '../providers';
import { structureTask } from '../structure-task';
import { parseCases, requestFromCase } from '@daybook/nl';

interface Args {
  cases: string;
  out?: string;
  concurrency: number;
}

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { concurrency: 1 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [key, inline] = arg.includes('=') ? (arg.split(/=(.*)/su) as [string, string]) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (key === '--cases') args.cases = value();
    else if (key === '--out') args.out = value();
    else if (key === '--concurrency') args.concurrency = Math.max(1, Number(value()) || 1);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!args.cases) throw new Error('usage: structure --cases FILE.jsonl [--out RESULTS.jsonl] [--concurrency N]');
  // `npm run -w` runs in the workspace folder: read relative paths from where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  args.cases = path.resolve(base, args.cases);
  if (args.out) args.out = path.resolve(base, args.out);
  return args as Args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, 'structure', true);
  const provider = createProvider(env);
  const cases = parseCases(fs.readFileSync(args.cases, 'utf8'), args.cases);
  const lines: string[] = new Array(cases.length);
  let next = 0;
  let fallbacks = 0;
  const runOne = async () => {
    while (next < cases.length) {
      const index = next++;
      const c = cases[index]!;
      const request = requestFromCase(c);
      const outcome = await structureTask({ ...request, now: request.now.toISOString() }, { provider, fallback: env.AI_FALLBACK, timeoutMs: env.AI_TIMEOUT_MS, log }).catch(
        (error: unknown) => {
          log.error('case failed', { id: c.id, error: error instanceof Error ? error.message : String(error) });
          return null;
        },
      );
      if (outcome?.source === 'fallback') fallbacks += 1;
      lines[index] = JSON.stringify({ id: c.id, output: outcome?.result ?? {} });
    }
  };
  await Promise.all(Array.from({ length: Math.min(args.concurrency, cases.length || 1) }, runOne));
  const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  if (args.out) fs.writeFileSync(args.out, text);
  else process.stdout.write(text);
  process.stderr.write(`structured ${cases.length} case(s) with ${provider.name}${fallbacks ? `, ${fallbacks} answered by the rules fallback` : ''}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof EnvError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof EnvError ? 1 : 2);
});
