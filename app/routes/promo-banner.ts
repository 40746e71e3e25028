// The promo banner's close button posts here: from a hydrated page as data (the banner slides away
// meanwhile, and needs only the cookie), without JavaScript for a redirect back to the page it was on.
import type { ActionFunctionArgs } from '@remix-run/node'

import { readSubmission } from '~/forms/pipeline.server'
import { ReturnToPageSchema } from '~/forms/rules'
import { ENHANCED_FIELD } from '~/http/enhanced-post'
import { dismissPromo } from '~/http/promo-banner.server'
import { privateJson, redirect } from '~/http/responses.server'
import { safeRedirectPath } from '~/http/safe-redirect'

export async function action({ request }: ActionFunctionArgs) {
  const { values } = await readSubmission(request, ReturnToPageSchema)
  const headers = { 'Set-Cookie': await dismissPromo() }
  if (values[ENHANCED_FIELD] === '1') return privateJson({ dismissed: true }, { headers })
  return redirect(safeRedirectPath(typeof values.redirectTo === 'string' ? values.redirectTo : null), { headers })
}

export function loader() {
  return redirect('/')
}
