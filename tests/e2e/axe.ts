// axe-core on a page as it stands, held to WCAG 2.2 level AA: its serious and critical findings, in words.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

// The axe rule tags of WCAG 2.2 level AA, which every page is held to.
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * The serious and critical violations on `page`, each as `rule: help (where)`. axe runs in the page
 * itself (legacy mode): the default runs it frame by frame and finishes in a blank page it opens for
 * each analysis, for frames of other origins, which our pages do not have; that page cost about 0.8 s
 * of the 1.9 s each analysis took here.
 *
 * Every rule still runs; only the violations are reported node by node. Describing every passing node
 * too took a third of each analysis (`/classes`: 0.8 s against 0.5 s) and sent about 600 kB to the test
 * for each, and it found the same violations on the pages compared. `options` goes before `withTags`,
 * which it would otherwise replace.
 */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_22_AA).setLegacyMode().analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')})`)
}
