// A cookie's value as the site writes it: Remix's createCookie stores JSON, base64-encoded, then
// URL-encoded. Written out here rather than taken from the site's code, so the tests check the site.
export function siteCookieValue(value: unknown) {
  return encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64'))
}

/** What a cookie of the site holds, or undefined for a value the site could not have written. */
export function readSiteCookie(value: string | undefined): unknown {
  if (value === undefined) return undefined
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(value), 'base64').toString('utf8'))
  } catch {
    return undefined
  }
}
