import type { MetaFunction } from '@remix-run/node'

import { ServerErrorPage } from '~/components/error-pages'
import { ERRORS } from '~/messages'
import { pageMeta } from '~/page-meta'

export const meta: MetaFunction = () => pageMeta({ title: ERRORS.serverError.title, description: ERRORS.serverError.text })

export default function ServerErrorRoute() {
  return <ServerErrorPage />
}
