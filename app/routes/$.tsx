// Every plain content page, and the 404. A URL no other route claims is content/pages/<path>.mdx
// when that file exists, so an editor adds a page by adding its file; any other URL answers 404,
// rendered by the root ErrorBoundary inside the normal header and footer.
import type { ActionFunctionArgs } from '@remix-run/node'

import { discardBody, refuseAnyPost } from '~/forms/pipeline.server'
import { hasPage } from '~/content/pages.server'
import { httpError } from '~/http/responses.server'

export { contentMeta as meta } from '~/content/page-meta'
export { loadContentPage as loader, ContentRoute as default } from '~/content/content-page'

// A content page takes no posts (405, as Remix answers for a route without an action); anything else is not found.
export async function action({ request }: ActionFunctionArgs) {
  if (await hasPage(new URL(request.url).pathname)) return refuseAnyPost({ request })
  await discardBody(request)
  throw httpError(404, 'Not Found')
}
