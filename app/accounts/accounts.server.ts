// Accounts: sign-up, credential checks and password resets. Passwords and tokens are
// hashed here; the database keeps only the hashes (db/accounts.server.ts).
import { hashPassword, verifyPassword, getDecoyHash } from '~/accounts/passwords.server'
import { createToken, hashToken, isoAfter } from '~/accounts/tokens.server'
import { findUserByEmail, insertResetToken, insertUser, isResetTokenUsable as isResetTokenHashUsable, resetPasswordWithToken, type User } from '~/db/accounts.server'
import { RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'

export type { User }

/** Creates the account, or returns 'taken' without touching the one that exists. */
export async function createAccount(input: { name: string; email: string; password: string }): Promise<'created' | 'taken'> {
  return insertUser({ name: input.name, email: input.email, passwordHash: await hashPassword(input.password) })
}

/** The user whose e-mail and password match, or null; a wrong e-mail and a wrong password look the same. */
export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const found = await findUserByEmail(email)
  const matches = await verifyPassword(password, found?.passwordHash ?? (await getDecoyHash()))
  return found && matches ? found.user : null
}

/** A single-use reset token for a known e-mail, or null for an unknown one. */
export async function createPasswordResetToken(email: string): Promise<{ user: User; token: string } | null> {
  const found = await findUserByEmail(email)
  if (!found) return null
  const { token, tokenHash } = createToken()
  await insertResetToken(tokenHash, found.user.id, isoAfter(RESET_LINK_LIFETIME_MINUTES * 60_000))
  return { user: found.user, token }
}

export async function isResetTokenUsable(token: string) {
  return token !== '' && (await isResetTokenHashUsable(hashToken(token)))
}

/**
 * Sets the new password if the token is unused and unexpired, then spends the
 * token and signs the account out everywhere. False when the token cannot be used.
 */
export async function resetPassword(token: string, newPassword: string): Promise<boolean> {
  if (!(await isResetTokenUsable(token))) return false
  return resetPasswordWithToken(hashToken(token), await hashPassword(newPassword))
}
