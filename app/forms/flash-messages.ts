// What a post without JavaScript shows once on the page it returns to, by the key its flash
// cookie carries (http/flash.server.ts).
import { NEWSLETTER_MESSAGES } from '~/forms/newsletter'
import { MESSAGES } from '~/messages'
import { NOTICES } from '~/messages/notices'
import { ACCOUNT_NOTICES } from '~/messages/account'

export const FLASH_MESSAGES = {
  'newsletter:check-inbox': { ok: true, message: NEWSLETTER_MESSAGES.checkInbox },
  'newsletter:invalid': { ok: false, message: MESSAGES.emailInvalid },
  'newsletter:limited': { ok: false, message: NOTICES.tooManyRequests },
  'consent:accepted': { ok: true, message: NOTICES.consentAccepted },
  'consent:rejected': { ok: true, message: NOTICES.consentRejected },
  'account:deleted': { ok: true, message: ACCOUNT_NOTICES.accountDeleted },
} as const

export type FlashKey = keyof typeof FLASH_MESSAGES

/** The notice of a flash key; null for a key we never write. */
export function flashMessage(key: string | null) {
  return key !== null && Object.hasOwn(FLASH_MESSAGES, key) ? { key: key as FlashKey, ...FLASH_MESSAGES[key as FlashKey] } : null
}
