import { createHash, randomBytes } from 'node:crypto'

const isProduction = process.env.NODE_ENV === 'production'

/**
 * Which inline scripts a page's CSP admits: a fresh nonce per response for a personal page,
 * or the SHA-256 of each inline script for a page that is the same for everyone, whose
 * bytes, headers included, a shared cache may then replay to every visitor.
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] }

/** A fresh CSP nonce for one response. */
export function createNonce() {
  return randomBytes(16).toString('base64')
}

// An inline script is a <script> element without src; its hash is that of its text as sent.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g

/** The CSP hash source ('sha256-…') of every inline script in a rendered page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, text = ''] of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`)
  return [...hashes]
}

/** What every response of ours carries, pages or not: no type sniffing, and HTTPS only in production. */
export function setTransportHeaders(headers: Headers) {
  headers.set('X-Content-Type-Options', 'nosniff')
  if (isProduction) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
}

/**
 * The headers every page response carries. The CSP admits only our scripts and the inline
 * ones it names, plus the booking partner's script when the visitor has consented to it.
 */
export function setSecurityHeaders(headers: Headers, inline: InlineScripts, consentedScriptUrl: string | null) {
  const scheduling = consentedScriptUrl ? new URL(consentedScriptUrl).origin : null
  const inlineSources = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineSources, ...(scheduling ? [scheduling] : [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${isProduction ? '' : ' ws://localhost:* ws://127.0.0.1:*'}`,
    `frame-src ${scheduling ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]
  headers.set('Content-Security-Policy', directives.join('; '))
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  headers.set('X-Frame-Options', 'DENY')
  setTransportHeaders(headers)
}
