// Tutor accounts come only by invitation: staff invite a catalogue tutor to an address, and the
// e-mailed link (single-use, 7 days, stored hashed) sets a password and creates the account.
import { hashPassword } from '~/accounts/passwords.server'
import { createToken, hashToken } from '~/accounts/tokens.server'
import { acceptInvitation, findUsableInvitation, insertInvitation } from '~/db/invitations.server'
import type { Staff } from '~/db/office.server'
import { tutorInvitationEmail } from '~/mail/emails.server'
import { wakeMailSender } from '~/mail/mail.server'
import { RULES } from '~/site'

export async function inviteTutor(input: { tutorId: string; tutorName: string; email: string; applicationId: number | null; by: Staff }) {
  const { token, tokenHash } = createToken()
  // The link's e-mail is queued with the invitation: both are stored or neither, and /office/mail shows whether it went out.
  const mail = { message: { to: input.email, ...tutorInvitationEmail(input.tutorName, token, RULES.invitationValidDays) }, what: 'a tutor invitation' }
  await insertInvitation({ tokenHash, tutorId: input.tutorId, email: input.email, applicationId: input.applicationId, by: input.by }, [mail])
  wakeMailSender()
}

export function findInvitation(token: string) {
  return token === '' ? Promise.resolve(null) : findUsableInvitation(hashToken(token))
}

/** Creates the tutor's account if the link is still usable; the slow password hash only then. */
export async function acceptTutorInvitation(token: string, name: string, password: string) {
  if (!(await findInvitation(token))) return 'invalid'
  return acceptInvitation(hashToken(token), { name, passwordHash: await hashPassword(password) })
}
