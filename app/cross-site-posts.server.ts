// Remix 2.17 compares a document POST's Origin with its Host before any route code runs and,
// when they differ (or the Origin does not parse), answers with an empty 500. A cross-site form
// post, which any web page can make a browser send, would then look like a server failure.
// Every action here reads its body through readForm (request-form.server.ts), which refuses the
// same posts, and more (Sec-Fetch-Site), with a 403 and a reason. So Remix's check is handed over
// to it: remix-serve offers no middleware that could answer before Remix does.
import { createRequire } from 'node:module'
import path from 'node:path'

type RemixActionsModule = { throwIfPotentialCSRFAttack?: (headers: Headers) => void }

export function leaveCrossSiteChecksToActions() {
  const require = createRequire(import.meta.url)
  const runtimeDir = path.dirname(require.resolve('@remix-run/server-runtime'))
  const actions = require(path.join(runtimeDir, 'actions.js')) as RemixActionsModule
  if (typeof actions.throwIfPotentialCSRFAttack !== 'function') {
    throw new Error('@remix-run/server-runtime no longer has throwIfPotentialCSRFAttack: review cross-site-posts.server.ts')
  }
  actions.throwIfPotentialCSRFAttack = () => undefined
}
