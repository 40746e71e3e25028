// `npm run staff -- grant EMAIL` and `npm run staff -- revoke EMAIL`: the only way an account
// becomes staff (no account is staff by default, and there is no default password). It needs
// only the database settings the server uses (DATABASE_URL or DATABASE_PATH), and runs from
// the production build (`npm run build` bundles it as build/staff-command.js).
import { setStaff } from '~/db/accounts.server'
import { closeDb } from '~/db/database.server'

const USAGE = 'Usage: npm run staff -- grant EMAIL | npm run staff -- revoke EMAIL'

async function runStaffCommand([command, email, ...rest]: string[]): Promise<{ message: string; ok: boolean }> {
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) return { message: USAGE, ok: false }
  const outcome = await setStaff(email, command === 'grant')
  switch (outcome) {
    case 'granted':
      return { message: `${email} is now staff: the office is at /office.`, ok: true }
    case 'revoked':
      return { message: `${email} is no longer staff.`, ok: true }
    case 'unchanged':
      return { message: `${email} ${command === 'grant' ? 'is staff already' : 'is not staff'}; nothing changed.`, ok: true }
    case 'is-tutor':
      return { message: `${email} is a tutor's account; staff need an account of their own.`, ok: false }
    case 'no-account':
      return { message: `No account uses ${email}. Sign up at /signup with it first, then grant staff.`, ok: false }
    case 'unconfirmed':
      return {
        message: `${email} has not confirmed its address yet, so staff cannot be granted: whoever signed up with it may not own it. Open the link we e-mailed to it (or send a new one from the dashboard), then grant staff again.`,
        ok: false,
      }
  }
}

try {
  const { message, ok } = await runStaffCommand(process.argv.slice(2))
  if (ok) console.log(message)
  else console.error(message)
  process.exitCode = ok ? 0 : 1
} catch (error) {
  console.error(`staff: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await closeDb()
}
