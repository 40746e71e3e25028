// Outgoing e-mail. With SMTP_URL set, messages go out through nodemailer;
// otherwise each is written to the outbox folder (data/outbox) so a developer
// can open it and follow its links.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'

import { getEnv } from '~/env.server'

export type Mail = {
  to: string
  subject: string
  text: string
  /** Extra header lines, such as List-Unsubscribe; values we build, never visitor text. */
  headers?: Record<string, string>
}

let transport: ReturnType<typeof nodemailer.createTransport> | undefined

export async function sendMail(mail: Mail): Promise<void> {
  const { smtpUrl, mailFrom, outboxDir } = getEnv()
  if (smtpUrl) {
    transport ??= nodemailer.createTransport(smtpUrl)
    await transport.sendMail({ from: mailFrom, ...mail })
    return
  }
  await mkdir(outboxDir, { recursive: true })
  const sentAt = new Date()
  const file = path.join(outboxDir, `${sentAt.toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`)
  const headers = [
    `From: ${mailFrom}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${sentAt.toUTCString()}`,
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    'Content-Type: text/plain; charset=utf-8',
  ]
  await writeFile(file, `${headers.join('\r\n')}\r\n\r\n${mail.text}\r\n`)
  console.info(`mail: wrote ${path.relative(process.cwd(), file)} (no SMTP_URL set)`)
}

/**
 * The site's own address for links in e-mails: SITE_URL, else this machine's
 * localhost. Never the request's Host header, which a client chooses.
 */
export function siteOrigin() {
  return getEnv().siteUrl
}
