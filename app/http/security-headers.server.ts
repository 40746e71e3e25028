const isProduction = process.env.NODE_ENV === 'production'

/**
 * The headers every page response carries. The CSP admits only our scripts and the nonce'd
 * inline ones, plus the booking partner's script when the visitor has consented to it.
 */
export function setSecurityHeaders(headers: Headers, nonce: string, consentedScriptUrl: string | null) {
  const scheduling = consentedScriptUrl ? new URL(consentedScriptUrl).origin : null
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${scheduling ? ` ${scheduling}` : ''}`,
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
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  headers.set('X-Frame-Options', 'DENY')
  if (isProduction) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
}
