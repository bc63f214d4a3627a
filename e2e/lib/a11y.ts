// Accessibility checks for the specs: axe-core (WCAG 2.1 A and AA rules) over the host page and the
// modal's cross-origin frame, as a user of assistive technology meets them together.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** The rules axe runs: WCAG 2.0 / 2.1, levels A and AA, and axe's best practices that apply. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export type Violation = { rule: string; impact: string | null | undefined; targets: string[]; help: string }

/** The violations axe finds on `page` (its frames included), one line per rule with its elements. */
export async function violations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze()
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' >>> ')),
  }))
}

/** Fails (softly: the spec goes on to the next view) with every violation axe finds, named by `view`. */
export async function expectAccessible(page: Page, view: string): Promise<void> {
  expect.soft(await violations(page), `axe violations on ${view}`).toEqual([])
}
