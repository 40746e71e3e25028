import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage, slugForPath } from '~/content.server'

/** The loader of every plain content route: the page whose MDX path mirrors the URL. */
export async function loadContentPage({ request }: LoaderFunctionArgs) {
  const page = await getPage(slugForPath(new URL(request.url).pathname))
  return json({ page })
}
