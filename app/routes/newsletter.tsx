// The footer newsletter box posts here: JSON for the enhanced form, a redirect
// back with a one-time notice when JavaScript is off.
import { json, redirect, type ActionFunctionArgs } from '@remix-run/node'

import { flashCookie } from '~/flash.server'
import { firstErrorPerField, formFields } from '~/forms/fields'
import { NEWSLETTER_MESSAGES, NewsletterForm, type NewsletterResult } from '~/forms/newsletter'
import { MESSAGES } from '~/messages'
import { subscribeToNewsletter } from '~/newsletter.server'
import { readForm } from '~/request-form.server'
import { safeRedirectPath } from '~/safe-redirect'

function isEnhancedRequest(request: Request) {
  return new URL(request.url).searchParams.has('_data')
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const parsed = NewsletterForm.safeParse(formFields(form, ['email']))
  const back = safeRedirectPath(form.get('redirectTo'))
  if (!parsed.success) {
    if (!isEnhancedRequest(request)) {
      return redirect(back, { headers: { 'Set-Cookie': flashCookie('newsletter:invalid') } })
    }
    const message = firstErrorPerField(parsed.error).email ?? MESSAGES.emailInvalid
    return json<NewsletterResult>({ ok: false, message }, { status: 400 })
  }
  const isNew = subscribeToNewsletter(parsed.data.email)
  if (isEnhancedRequest(request)) {
    return json<NewsletterResult>({
      ok: true,
      message: isNew ? NEWSLETTER_MESSAGES.subscribed : NEWSLETTER_MESSAGES.alreadySubscribed,
    })
  }
  return redirect(back, {
    headers: { 'Set-Cookie': flashCookie(isNew ? 'newsletter:subscribed' : 'newsletter:already') },
  })
}

export function loader() {
  return redirect('/')
}
