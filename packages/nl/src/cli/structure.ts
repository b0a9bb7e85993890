/**
 * Batch command for evaluation (see this package's README):
 *
 *   npm run -s structure -w @daybook/nl -- --cases FILE.jsonl [--multi] [--out RESULTS.jsonl]
 *
 * Reads cases in the format of the development corpus (each with its own now, timezone, clients and
 * time increments), structures each with the rules and prints one line {"id", "output"} per case on
 * standard output and nothing else. `--multi` reads every task a case's text names (RULES.md §8) and
 * prints {"id", "outputs": [...]} instead, in order of mention. `--out` writes the lines to a file instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { structureManyWithRules } from '../multi';
import { structureWithRules } from '../rules';
import { parseCases, requestFromCase, type EvalCase } from './cases';

interface Args {
  cases: string;
  out?: string;
  /** Several tasks per case: {"id","outputs":[…]}. */
  multi: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { multi: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [key, inline] = arg.includes('=') ? (arg.split(/=(.*)/su) as [string, string]) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (key === '--cases') args.cases = value();
    else if (key === '--out') args.out = value();
    else if (key === '--multi' && inline === undefined) args.multi = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!args.cases) throw new Error('usage: structure --cases FILE.jsonl [--multi] [--out RESULTS.jsonl]');
  // `npm run -w` runs in the workspace folder: read relative paths from where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  args.cases = path.resolve(base, args.cases);
  if (args.out) args.out = path.resolve(base, args.out);
  return args as Args;
}

function resultLine(c: EvalCase, multi: boolean): string {
  try {
    const request = requestFromCase(c);
    return JSON.stringify(multi ? { id: c.id, outputs: structureManyWithRules(request) } : { id: c.id, output: structureWithRules(request) });
  } catch (error) {
    process.stderr.write(`${c.id}: ${error instanceof Error ? error.message : String(error)}\n`);
    return JSON.stringify(multi ? { id: c.id, outputs: [] } : { id: c.id, output: {} });
  }
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const cases = parseCases(fs.readFileSync(args.cases, 'utf8'), args.cases);
  const lines = cases.map((c) => resultLine(c, args.multi));
  const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  if (args.out) fs.writeFileSync(args.out, text);
  else process.stdout.write(text);
  process.stderr.write(`structured ${cases.length} case(s) with the rules\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
