// A real SMTP server on loopback that keeps what it receives, so tests read what a mail server
// would have been handed (nodemailer speaking SMTP), not only the files of the outbox folder.
import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

import { parseMailMessage, type MailMessage } from './mail-message'

export type Received = MailMessage & { envelopeTo: string[] }

/**
 * Starts the receiver on `port` (any free one by default). `refuse` answers a message's recipient
 * with an SMTP error instead of taking it: a mail server that says "try later" (4xx) or "never" (5xx).
 */
export async function startSmtpReceiver({ port: wantedPort = 0, refuse }: { port?: number; refuse?: (address: string) => { code: number; text: string } | null } = {}) {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address)
      if (!refusal) return callback()
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({ ...parseMailMessage(Buffer.concat(chunks).toString('utf8')), envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address: string) => received.filter((message) => message.envelopeTo.includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
