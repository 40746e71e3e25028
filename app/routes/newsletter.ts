// The footer newsletter box posts here: JSON for the enhanced form, a redirect
// back with a one-time notice when JavaScript is off.
import { json, redirect, type ActionFunctionArgs } from '@remix-run/node'

import { ENHANCED_FIELD } from '~/components/newsletter-form'
import { flashCookie } from '~/http/flash.server'
import { NEWSLETTER_MESSAGES, NewsletterForm, type NewsletterResult } from '~/forms/newsletter'
import { sendWelcomeMail, subscribeToNewsletter } from '~/db/newsletter.server'
import { readForm } from '~/forms/pipeline.server'
import { safeRedirectPath } from '~/http/safe-redirect'
import { readFields, validate } from '~/forms/rules'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const values = readFields(form, ['email'])
  const errors = validate(NewsletterForm, values)
  const back = safeRedirectPath(form.get('redirectTo'))
  const enhanced = form.get(ENHANCED_FIELD) === '1'
  if (errors.email) {
    if (!enhanced) {
      return redirect(back, { headers: { 'Set-Cookie': flashCookie('newsletter:invalid') } })
    }
    return json<NewsletterResult>({ ok: false, message: errors.email }, { status: 400 })
  }
  const email = values.email.trim()
  const token = subscribeToNewsletter(email)
  const isNew = token !== null
  // Sent in the background: the subscription stands even if the mail fails, and the
  // answer need not wait for an SMTP server.
  if (isNew) sendWelcomeMail(email, token).catch((error: unknown) => console.error('newsletter: could not send the welcome e-mail', error))
  if (enhanced) {
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
