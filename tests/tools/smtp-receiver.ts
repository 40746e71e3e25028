// A real SMTP server on loopback that keeps what it receives, so tests read what a mail server
// would have been handed (nodemailer speaking SMTP), not only the files of the outbox folder.
import { parseMailMessage, type MailMessage } from './mail-message'
import { startSmtpServer } from './smtp-server.mjs'

export type Received = MailMessage & { envelopeTo: string[] }

/**
 * Starts the receiver on `port` (any free one by default). `refuse` answers a message's recipient
 * with an SMTP error instead of taking it: a mail server that says "try later" (4xx) or "never" (5xx).
 * With `refuseLogin`, it refuses a client that logs in (535).
 */
export async function startSmtpReceiver({
  port: wantedPort = 0,
  refuse,
  refuseLogin,
}: { port?: number; refuse?: (address: string) => { code: number; text: string } | null; refuseLogin?: boolean } = {}) {
  const received: Received[] = []
  const { port, stop, loginsRefused } = await startSmtpServer({
    port: wantedPort,
    refuse,
    refuseLogin,
    onMessage: (raw, recipients) => {
      received.push({ ...parseMailMessage(raw.toString('utf8')), envelopeTo: recipients })
    },
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    to: (address: string) => received.filter((message) => message.envelopeTo.includes(address)),
    /** How many times a client has tried to log in and been refused (with `refuseLogin`). */
    loginsRefused,
    stop,
  }
}
