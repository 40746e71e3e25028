// Accounts: sign-up and the proof of an address, credential checks and password resets.
// Passwords and tokens are hashed here; the database keeps only the hashes (db/accounts.server.ts).
import { hashPassword, verifyPassword, getDecoyHash } from '~/accounts/passwords.server'
import { createToken, hashToken, isoAfter } from '~/accounts/tokens.server'
import {
  confirmEmailWithToken,
  findEmailConfirmation,
  findUserByEmail,
  insertEmailConfirmation,
  insertResetToken,
  insertUser,
  isResetTokenUsable as isResetTokenHashUsable,
  normaliseEmail,
  resetPasswordWithToken,
  type AddressProof,
  type User,
} from '~/db/accounts.server'
import { RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'
import { accountExistsEmail, addressConfirmationEmail } from '~/mail/emails.server'
import { mailVisitor, visitorMail, wakeMailSender } from '~/mail/mail.server'
import { RULES } from '~/site'

export type { User }

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Opens an account and mails its address a confirmation link. When the address has an account
 * already, that account is left as it was and its owner is told someone tried: the caller answers
 * both alike, so sign-up tells a stranger nothing about which addresses have accounts.
 */
export async function createAccount(input: { name: string; email: string; password: string }): Promise<'created' | 'taken'> {
  // The account's address as stored: mail goes to the account, whatever case was typed.
  const email = normaliseEmail(input.email)
  const id = await insertUser({ name: input.name, email, passwordHash: await hashPassword(input.password) })
  if (id === null) {
    await mailVisitor(visitorMail({ to: email, ...accountExistsEmail() }, 'account notice', 'the notice of a sign-up with a known address'))
    return 'taken'
  }
  await sendConfirmationLink({ id, name: input.name, email })
  return 'created'
}

/**
 * Mails the account's address a new link that proves it (single use, 7 days, stored hashed).
 * False when the address has had its automatic e-mails for this hour and nothing was sent.
 */
export async function sendConfirmationLink(user: Pick<User, 'id' | 'name' | 'email'>): Promise<boolean> {
  const { token, tokenHash } = createToken()
  const link = visitorMail({ to: user.email, ...addressConfirmationEmail(user.name, token, RULES.confirmationLinkValidDays) }, 'account link', 'an address confirmation link')
  const queued = await insertEmailConfirmation(tokenHash, user.id, user.email, isoAfter(RULES.confirmationLinkValidDays * DAY_MS), 'sign-up', [link])
  wakeMailSender()
  return queued.length > 0
}

/** The account and address a confirmation link would prove, or null when it cannot be used. */
export function findAddressConfirmation(token: string) {
  return token === '' ? Promise.resolve(null) : findEmailConfirmation(hashToken(token))
}

/**
 * Proves the address the link was sent to, for the account it was made for, signed in (a sign-up's
 * address, or the one the account asked to move to): the link
 * shows the mailbox is theirs, the session that the password is. A stranger who signed up with
 * someone else's address cannot be confirmed by its owner opening the link by mistake.
 */
export function confirmAddress(token: string, user: Pick<User, 'id'>): Promise<AddressProof> {
  return token === '' ? Promise.resolve('unusable') : confirmEmailWithToken(hashToken(token), user.id)
}

/**
 * The user whose e-mail and password match, with the hash the password matched (a session is opened
 * only while it is still the account's), or null; a wrong e-mail and a wrong password look the same.
 */
export async function verifyLogin(email: string, password: string): Promise<{ user: User; passwordHash: string } | null> {
  const found = await findUserByEmail(email)
  const matches = await verifyPassword(password, found?.passwordHash ?? (await getDecoyHash()))
  return found && matches ? found : null
}

/** A single-use reset token for a known e-mail, or null for an unknown one. */
export async function createPasswordResetToken(email: string): Promise<{ user: User; token: string } | null> {
  const found = await findUserByEmail(email)
  return found ? { user: found.user, token: await createPasswordResetTokenFor(found.user) } : null
}

/** A new reset link's token for `user`. */
export async function createPasswordResetTokenFor(user: User) {
  const { token, tokenHash } = createToken()
  await insertResetToken(tokenHash, user.id, isoAfter(RESET_LINK_LIFETIME_MINUTES * 60_000))
  return token
}

export async function isResetTokenUsable(token: string) {
  return token !== '' && (await isResetTokenHashUsable(hashToken(token)))
}

/**
 * Sets the new password if the token is unused and unexpired, then spends the token and signs
 * the account out everywhere. Returns the account's address, or null when the token cannot be used.
 */
export async function resetPassword(token: string, newPassword: string): Promise<string | null> {
  if (!(await isResetTokenUsable(token))) return null
  return resetPasswordWithToken(hashToken(token), await hashPassword(newPassword))
}
