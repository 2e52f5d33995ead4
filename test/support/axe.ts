/** axe-core, the field's accessibility engine, run inside a page. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
interface PageGlobals {
  axe: { run(context: unknown, options: object): Promise<{ violations: Violation[] }> };
  document: unknown;
}

/** Serious and critical findings on the page as it is now, each as "rule: help (where)". */
export async function findings(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, so the page's CSP (no inline scripts) does not apply.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const { violations } = await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    return g.axe.run(g.document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join('; ')})`,
    );
}
