// The axe-core pass of the journeys (issue 18): no serious or critical accessibility violation on a page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const axeSource = readFileSync(path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ html: string; target: unknown[] }>;
}
interface Axe {
  run: (context: Document) => Promise<{ violations: AxeViolation[] }>;
}

/** How many of a violation's elements the failure message shows. */
const NODES_SHOWN = 3;

/** One line per serious or critical violation on the page as it is now: id, impact, help and its first elements. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // The app's CSP refuses inline scripts; an evaluation from the test is not a page script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => (await (window as unknown as { axe: Axe }).axe.run(document)).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.slice(0, NODES_SHOWN).map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 200)}`);
      const more = v.nodes.length > NODES_SHOWN ? ` (+${v.nodes.length - NODES_SHOWN} more)` : '';
      return `${v.id} [${v.impact}] ${v.help}: ${nodes.join(' | ')}${more}`;
    });
}

/**
 * Fails the journey (at its end, so one run lists every page's violations) when the page as it is now has
 * a serious or critical axe-core violation. `where` names the page or state in the message.
 */
export async function expectNoSeriousAxeViolations(page: Page, where = page.url()) {
  expect.soft(await seriousAxeViolations(page), `serious or critical axe-core violations on ${where}`).toEqual([]);
}
