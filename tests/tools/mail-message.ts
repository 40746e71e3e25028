// Reads an .eml file as nodemailer wrote it: its headers (unfolded), its plain-text body and, for a
// multipart message (an e-mail with a calendar file), each leaf part, decoded from quoted-printable
// or base64, so tests look for what a reader sees.

/** A leaf part of a message: its type without parameters, its file name when it is an attachment, its decoded content. */
export type MailPart = { contentType: string; filename: string | undefined; content: string }

export type MailMessage = { header: (name: string) => string | undefined; text: string; parts: MailPart[]; raw: string }

function decodeBody(body: string, encoding: string | undefined) {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    // Escape the characters decodeURIComponent would misread, then decode the %XX bytes as UTF-8.
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
  }
  return body
}

/** An entity's headers (names lower-case, folded lines joined) and its body. */
function splitEntity(raw: string) {
  const split = raw.indexOf('\r\n\r\n')
  const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: split === -1 ? '' : raw.slice(split + 4) }
}

/** A header's parameter, such as the boundary of `multipart/mixed; boundary="…"`. */
function parameter(header: string | undefined, name: string) {
  const found = (header ?? '').split(';').map((piece) => piece.trim()).find((piece) => piece.toLowerCase().startsWith(`${name}=`))
  return found?.slice(name.length + 1).replace(/^"|"$/g, '')
}

function leafParts(raw: string): MailPart[] {
  const { headers, body } = splitEntity(raw)
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = parameter(type, 'boundary')
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1)
    // The last delimiter ends with "--": what follows it is not a part.
    return sections.filter((section) => !section.startsWith('--')).flatMap((section) => leafParts(section.replace(/^\r\n/, '').replace(/\r\n$/, '')))
  }
  return [
    {
      contentType: type.split(';')[0]!.trim().toLowerCase(),
      filename: parameter(headers.get('content-disposition'), 'filename'),
      content: decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n'),
    },
  ]
}

export function parseMailMessage(raw: string): MailMessage {
  const { headers } = splitEntity(raw)
  const header = (name: string) => headers.get(name.toLowerCase())
  const parts = leafParts(raw)
  const text = parts.find((part) => part.contentType === 'text/plain' && part.filename === undefined)?.content ?? ''
  return { header, text, parts, raw }
}
