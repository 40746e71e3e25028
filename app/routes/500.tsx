import type { MetaFunction } from '@remix-run/node'

import { PAGE_ERRORS, ServerErrorPage } from '~/components/error-pages'
import { pageMeta } from '~/content/page-meta'

export const meta: MetaFunction = () => pageMeta({ title: PAGE_ERRORS.serverError.title, description: PAGE_ERRORS.serverError.text })

export default function ServerErrorRoute() {
  return <ServerErrorPage />
}
