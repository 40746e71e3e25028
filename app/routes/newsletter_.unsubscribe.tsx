// The link in every newsletter e-mail. A GET only shows the address and asks: mail
// scanners open links, and must not unsubscribe anyone. The POST removes it.
// (The trailing underscore keeps this page out of the /newsletter route, which only redirects.)
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/components/content-page'
import { FormNotice, SubmitButton } from '~/components/form-field'
import { getPage } from '~/content.server'
import { useIsPosting } from '~/form-navigation'
import { PRIVATE_CACHE_CONTROL } from '~/http-caching.server'
import { ERRORS, NOTICES } from '~/messages'
import { findSubscriberEmail, unsubscribeFromNewsletter } from '~/newsletter.server'
import { readForm } from '~/request-form.server'

export { contentMeta as meta } from '~/components/content-page'

type UnsubscribeActionData = { unsubscribed?: string; linkInvalid?: boolean; formError?: string }

// The form posts back to this URL, so the token travels in the query both ways, as in the
// one-click POST that mail apps send (see sendWelcomeMail).
function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get('token') ?? ''
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  // An unknown or spent token still gets this page, with status 200 and a message saying so,
  // as /reset-password does for a spent link: most often it is a link already used, whose
  // visitor is off the list as they wanted, not a page that does not exist.
  // The page names a subscriber's address, so no shared cache may keep it.
  return json(
    { page: await getPage('newsletter/unsubscribe'), email: findSubscriberEmail(tokenOf(request)) },
    { headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request)
  try {
    const email = unsubscribeFromNewsletter(tokenOf(request))
    if (email === null) return json<UnsubscribeActionData>({ linkInvalid: true }, { status: 400 })
    return json<UnsubscribeActionData>({ unsubscribed: email })
  } catch (error) {
    console.error('newsletter: could not unsubscribe', error)
    return json<UnsubscribeActionData>({ formError: ERRORS.formFailed }, { status: 500 })
  }
}

export default function UnsubscribeRoute() {
  const { page, email } = useLoaderData<typeof loader>()
  const data = useActionData<UnsubscribeActionData>()
  const busy = useIsPosting()
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {data?.unsubscribed ? (
          <FormNotice tone="success">{NOTICES.unsubscribed(data.unsubscribed)}</FormNotice>
        ) : email === null || data?.linkInvalid ? (
          <FormNotice tone="error">{NOTICES.unsubscribeLinkInvalid}</FormNotice>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <p className="text-ink-700">
              Stop sending our newsletter to <strong className="break-all">{email}</strong>?
            </p>
            <Form method="post" className="mt-6">
              <SubmitButton busy={busy} label="Unsubscribe" busyLabel="Unsubscribing..." />
            </Form>
          </>
        )}
      </AuthCard>
    </ContentPage>
  )
}
