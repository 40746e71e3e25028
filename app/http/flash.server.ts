// One-request notices after a POST without JavaScript (post, redirect, show once).
// The cookie carries only a key from FLASH_MESSAGES, never visitor text.
import { getEnv } from '~/env.server'
import { cookieValue, COOKIE_NAMES } from '~/http/cookies'
import { NEWSLETTER_MESSAGES } from '~/forms/newsletter'
import { MESSAGES, NOTICES } from '~/messages'

const FLASH_COOKIE = COOKIE_NAMES.flash

export const FLASH_MESSAGES = {
  'newsletter:subscribed': { ok: true, message: NEWSLETTER_MESSAGES.subscribed },
  'newsletter:already': { ok: true, message: NEWSLETTER_MESSAGES.alreadySubscribed },
  'newsletter:invalid': { ok: false, message: MESSAGES.emailInvalid },
  'newsletter:limited': { ok: false, message: NOTICES.tooManyRequests },
  'consent:accepted': { ok: true, message: NOTICES.consentAccepted },
  'consent:rejected': { ok: true, message: NOTICES.consentRejected },
} as const

export type FlashKey = keyof typeof FLASH_MESSAGES

// Secure in production, like every cookie of ours: it then never travels over plain HTTP.
function attributes(maxAge: number) {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${getEnv().isProduction ? '; Secure' : ''}`
}

export function flashCookie(key: FlashKey) {
  return `${FLASH_COOKIE}=${encodeURIComponent(key)}; ${attributes(60)}`
}

export function readFlash(request: Request) {
  const key = cookieValue(request.headers.get('Cookie'), FLASH_COOKIE)
  if (key === undefined) return null
  // A key we did not write shows nothing, and is cleared like any other.
  return {
    flash: key in FLASH_MESSAGES ? { key: key as FlashKey, ...FLASH_MESSAGES[key as FlashKey] } : null,
    clearCookie: `${FLASH_COOKIE}=; ${attributes(0)}`,
  }
}
