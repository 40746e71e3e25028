// The footer newsletter box posts here: JSON for the enhanced form, a redirect
// back with a one-time notice when JavaScript is off.
import type { ActionFunctionArgs } from '@remix-run/node'

import { subscribeToNewsletter } from '~/db/newsletter.server'
import { NEWSLETTER_MESSAGES, NewsletterSchema, type NewsletterResult } from '~/forms/newsletter'
import { NEWSLETTER_BOX_ID } from '~/forms/newsletter-form'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission } from '~/forms/pipeline.server'
import type { FlashKey } from '~/forms/flash-messages'
import { ENHANCED_FIELD } from '~/http/enhanced-post'
import { setFlash } from '~/http/flash.server'
import { privateJson, redirect } from '~/http/responses.server'
import { safeRedirectPath } from '~/http/safe-redirect'
import { newsletterConfirmationEmail } from '~/mail/emails.server'
import { mayMailVisitor, visitorMail, wakeMailSender } from '~/mail/mail.server'
import { MESSAGES } from '~/messages'
import { NOTICES } from '~/messages/notices'

async function answer(enhanced: boolean, redirectTo: unknown, result: NewsletterResult, flash: FlashKey) {
  if (enhanced) return privateJson<NewsletterResult>(result, { status: result.ok ? 200 : 400 })
  // Back to the box itself: the answer is in the footer, a long way below the top of the page.
  return redirect(`${safeRedirectPath(typeof redirectTo === 'string' ? redirectTo : null)}#${NEWSLETTER_BOX_ID}`, { headers: { 'Set-Cookie': await setFlash(flash) } })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, NewsletterSchema)
  const { [ENHANCED_FIELD]: enhanced, redirectTo } = submission.values
  const isEnhanced = enhanced === '1'
  const checkInbox = () => answer(isEnhanced, redirectTo, { ok: true, message: NEWSLETTER_MESSAGES.checkInbox }, 'newsletter:check-inbox')
  // Software that filled the hidden field gets the same answer; nothing is stored or sent.
  if (submission.status === 'spam') return checkInbox()
  if (submission.status === 'invalid') {
    return answer(isEnhanced, redirectTo, { ok: false, message: submission.reply.fieldErrors.email ?? MESSAGES.emailInvalid }, 'newsletter:invalid')
  }
  const { email } = submission.value
  if (await isOverClientLimit(request, 'stored post')) return answer(isEnhanced, redirectTo, { ok: false, message: NOTICES.tooManyRequests }, 'newsletter:limited')
  // The address is on the list once its owner follows the link: a stranger can neither subscribe
  // someone else nor learn whether an address already is.
  const sent = await subscribeToNewsletter(email, new Date(), (token) => [visitorMail({ to: email, ...newsletterConfirmationEmail(token) }, 'acknowledgement', 'the newsletter confirmation link')])
  // Nothing goes to an address already on the list, but it spends an acknowledgement as if it did:
  // left unspent, whether a lesson request naming the address is refused would tell it is subscribed.
  if (sent === null) await mayMailVisitor(email, 'acknowledgement')
  wakeMailSender()
  return checkInbox()
}

export function loader() {
  return redirect('/')
}
