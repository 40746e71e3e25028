// What a signed-in person does to their own account at /account (issue 28): prove it is them with
// the current password, move the account to a new address, change the password, take a copy of
// its data and delete it. The database work is in db/accounts.server.ts and db/account-records.server.ts.
import { createHmac, timingSafeEqual } from 'node:crypto'

import { hashPassword, verifyPassword } from '~/accounts/passwords.server'
import { createToken, isoAfter } from '~/accounts/tokens.server'
import { deleteAccountRecords, recordsOfAccount, type LessonsOnDeletion } from '~/db/account-records.server'
import { changePasswordHash, getPasswordHash, insertEmailConfirmation, isAddressTaken, normaliseEmail, type User } from '~/db/accounts.server'
import { accountPasswordKey, clearAttempts, forgetAttempts, recordAttemptUnlessThrottled, THROTTLE_LIMITS } from '~/db/throttle.server'
import { getEnv } from '~/env.server'
import { addressChangeEmail, addressChangeNoticeEmail, addressInUseEmail, passwordChangedEmail } from '~/mail/emails.server'
import { accountAlert, isAnyLimitReached, mailVisitor, visitorMail, wakeMailSender } from '~/mail/mail.server'
import { RULES } from '~/site'
import { forgetCatalogueChanges } from '~/tutors/catalogue.server'

const DAY_MS = 24 * 60 * 60 * 1000
// Deleting takes two steps; the second must follow the first within this time.
const DELETION_STEP_MS = 10 * 60 * 1000

/**
 * Whether `password` is the account's, counted as a login attempt would be: a stolen session cannot
 * guess at the password behind it without end, and, as each check costs a password hash, right or
 * wrong, `client` (the request's address) has as many checks as it has logins. 'throttled' once
 * too many were wrong, or the client has had its checks.
 */
export async function checkCurrentPassword(user: Pick<User, 'id'>, password: string, client: string | null): Promise<'right' | 'wrong' | 'throttled'> {
  if ((await recordAttemptUnlessThrottled([[client === null ? null : `logins:${client}`, THROTTLE_LIMITS.loginsPerClient]])) === null) return 'throttled'
  const key = accountPasswordKey(user.id)
  const attempt = await recordAttemptUnlessThrottled([[key, THROTTLE_LIMITS.loginPerEmail]])
  if (attempt === null) return 'throttled'
  const hash = await getPasswordHash(user.id)
  if (!hash || !(await verifyPassword(password, hash))) return 'wrong'
  await forgetAttempts(attempt)
  await clearAttempts(key)
  return 'right'
}

/**
 * Mails `newEmail` a link that moves the account there once opened signed in, and tells the current
 * address. An address another account has gets a notice instead of the link (the change is recorded
 * all the same, and could never be confirmed), so neither the answer nor the page afterwards tells
 * which addresses have accounts. False when the new address's hourly e-mails of either kind are
 * spent, or the site's: refused for the kind a taken address gets and not the other (and anyone can
 * spend an address's links at /forgot-password), the answer would tell.
 */
export async function requestAddressChange(user: Pick<User, 'id' | 'name' | 'email' | 'emailConfirmed'>, newEmail: string): Promise<boolean> {
  const email = normaliseEmail(newEmail)
  if (await isAnyLimitReached(email, ['account link', 'account notice'])) return false
  const taken = await isAddressTaken(email, user.id)
  const { token, tokenHash } = createToken()
  const toNewAddress = taken
    ? visitorMail({ to: email, ...addressInUseEmail() }, 'account notice', 'the notice of a change to a known address')
    : visitorMail({ to: email, ...addressChangeEmail(user.name, token, RULES.confirmationLinkValidDays) }, 'account link', 'an address change link')
  const sent = (await insertEmailConfirmation(tokenHash, user.id, email, isoAfter(RULES.confirmationLinkValidDays * DAY_MS), 'change', [toNewAddress])).length > 0
  wakeMailSender()
  // Queued after the link, not with it: it is sent only if the link is, and a transaction that
  // counted both addresses' e-mails could wait on another moving the other way.
  if (sent) await mailVisitor(accountAlert({ to: user.email, ...addressChangeNoticeEmail(user.name, email) }, 'the notice of an address change', user.emailConfirmed))
  return sent
}

/**
 * Sets the new password, signs every other session of the account out, and tells its address,
 * within the address's hourly account alerts: whoever signed up with an address not theirs cannot
 * flood it by changing the password again and again.
 */
export async function changePassword(user: Pick<User, 'id' | 'name' | 'email' | 'emailConfirmed'>, newPassword: string, keepSessionHash: string) {
  const notice = accountAlert({ to: user.email, ...passwordChangedEmail(user.name) }, 'the notice of a changed password', user.emailConfirmed)
  await changePasswordHash(user.id, await hashPassword(newPassword), keepSessionHash, [notice])
  wakeMailSender()
}

/** A copy of everything held about the account, as the JSON file its owner downloads. */
export async function accountDataFile(user: Pick<User, 'id'>, now = new Date()) {
  const records = await recordsOfAccount(user.id)
  return JSON.stringify({ exportedAt: now.toISOString(), ...records }, null, 2)
}

/**
 * Signed for the account by its id and when it was made: on a SQLite database whose account was deleted
 * before ids were kept from reuse (migration 2026-12-07), that id goes once more to a new account, which
 * must not inherit the step.
 */
function signDeletion(user: Pick<User, 'id' | 'createdAt'>, until: number) {
  return createHmac('sha256', getEnv().sessionSecret).update(`delete-account:${user.id}:${user.createdAt}:${until}`).digest('base64url')
}

/** What the first step of deleting hands the second: proof the password was given, for this account, for 10 minutes. */
export function deletionConfirmation(user: Pick<User, 'id' | 'createdAt'>, now = Date.now()) {
  const until = now + DELETION_STEP_MS
  return `${until}.${signDeletion(user, until)}`
}

export function isDeletionConfirmed(user: Pick<User, 'id' | 'createdAt'>, confirmation: string, now = Date.now()) {
  const [until = '', signature = ''] = confirmation.split('.')
  const expected = Buffer.from(signDeletion(user, Number(until)))
  const given = Buffer.from(signature)
  return /^\d{13}$/.test(until) && Number(until) > now && given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Deletes the account (see deleteAccountRecords for what happens to each record), cancelling each
 * upcoming lesson and queuing the notices of it as `lessons` (the lessons' policy) has it.
 */
export async function deleteAccount(user: Pick<User, 'id'>, lessons: LessonsOnDeletion, now = new Date()) {
  const deletion = await deleteAccountRecords(user.id, now, lessons.noticesOf, lessons.cancellationOf)
  if (!deletion.done) return deletion
  if (deletion.tutorId !== null || deletion.cancelled.length > 0) forgetCatalogueChanges()
  if (deletion.cancelled.length > 0) wakeMailSender()
  return deletion
}
