// The `test` every spec uses. The server under test trusts one proxy (TRUST_PROXY=1, as behind
// nginx), and each test sends its own client address in X-Forwarded-For, so the per-client limits
// (sign-ups, failed logins, reset links) count each test apart, as they count separate families.
import { createHash } from 'node:crypto'

import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/** A stable, private-range address for one test in one project (10.x.y.z). */
export function clientAddressOf(name: string) {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(name).digest()
  return `10.${a}.${b}.${c}`
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddressOf(`${testInfo.project.name} ${testInfo.testId} ${testInfo.retry}`) })
  },
})
