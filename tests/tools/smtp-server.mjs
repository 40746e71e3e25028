// A real SMTP server on loopback for the tests (nodemailer's own smtp-server), which hands each
// message it takes to `onMessage` before it answers 250: once the site has marked an e-mail sent,
// the test can read it. The unit tests keep messages in memory (smtp-receiver.ts); the end-to-end
// servers send theirs to one that writes each into a folder (startSmtpToFolder).
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'

/**
 * Starts the server on `port` (any free one by default). `refuse` answers a recipient with an SMTP
 * error instead of taking it: a mail server that says "try later" (4xx) or "never" (5xx). With
 * `refuseLogin`, a client that logs in is refused (535), as after the site's password was changed.
 * @param {{ port?: number, refuse?: (address: string) => ({ code: number, text: string } | null), refuseLogin?: boolean, onMessage: (raw: Buffer, recipients: string[]) => Promise<void> | void }} options
 * @returns {Promise<{ port: number, stop: () => Promise<void>, loginsRefused: () => number }>}
 */
export async function startSmtpServer({ port = 0, refuse, refuseLogin = false, onMessage }) {
  let loginsRefused = 0
  const server = new SMTPServer({
    authOptional: true,
    // Offered without TLS only to refuse it: no test sends a password to be taken.
    allowInsecureAuth: refuseLogin,
    onAuth(_auth, _session, callback) {
      loginsRefused++
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    disabledCommands: ['STARTTLS'],
    // A loopback client has no name to look up, and without outside DNS the lookup waits out its timeout.
    disableReverseLookup: true,
    // Stopping closes the site's open (pooled) connection at once rather than waiting 30 s for it to end.
    closeTimeout: 100,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address)
      if (!refusal) return callback()
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }))
    },
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        Promise.resolve(onMessage(Buffer.concat(chunks), session.envelope.rcptTo.map((rcpt) => rcpt.address))).then(() => callback(), callback)
      })
    },
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { port: server.server.address().port, stop: () => new Promise((resolve) => server.close(() => resolve())), loginsRefused: () => loginsRefused }
}

/**
 * An SMTP server that keeps each message as an .eml file in `folder`, named like the site's
 * outbox files (time first), so they sort in the order they arrived. Each file appears whole (written
 * under another name, then renamed), so a reader may keep what it parsed of it.
 * @param {string} folder
 */
export async function startSmtpToFolder(folder) {
  await mkdir(folder, { recursive: true })
  let received = 0
  return startSmtpServer({
    onMessage: async (raw) => {
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++received).padStart(6, '0')}.eml`)
      await writeFile(`${file}.partial`, raw)
      await rename(`${file}.partial`, file)
    },
  })
}
