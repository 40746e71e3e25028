// Reads an .eml file as nodemailer wrote it: its headers (unfolded) and its plain-text
// body, decoded from quoted-printable or base64, so tests look for what a reader sees.

export type MailMessage = { header: (name: string) => string | undefined; text: string; raw: string }

function decodeBody(body: string, encoding: string | undefined) {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    // Escape the characters decodeURIComponent would misread, then decode the %XX bytes as UTF-8.
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
  }
  return body
}

export function parseMailMessage(raw: string): MailMessage {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const header = (name: string) => headers.get(name.toLowerCase())
  const text = decodeBody(raw.slice(split + 4), header('content-transfer-encoding')).replace(/\r\n/g, '\n')
  return { header, text, raw }
}
