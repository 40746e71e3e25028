// What /tutors loads: its page, or the header search sent on to /tutors/find.
import type { LoaderFunctionArgs } from '@remix-run/node'

import { loadContentPage } from '~/content/pages.server'
import { redirect } from '~/http/responses.server'
import { searchQueryString } from '~/tutors/search'

// The header search sends ?search=TEXT here (spec §2); its results are the tutor search's.
export async function loader(args: LoaderFunctionArgs) {
  const search = new URL(args.request.url).searchParams.get('search')
  if (search !== null) throw redirect(`/tutors/find${searchQueryString({ q: search.trim().slice(0, 100) })}`)
  return loadContentPage(args)
}
