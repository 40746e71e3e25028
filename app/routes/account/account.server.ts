// What /account loads and what its forms do (issue 28): every signed-in account's name, address,
// password and data, and a family's learner profile. Each form posts with `?intent=…`; whatever
// changes the address, the password or the account's existence asks for the current password.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { InferOutput } from 'valibot'

import { rememberSignIn } from '~/accounts/known-browsers.server'
import { checkCurrentPassword, changePassword, deleteAccount, deletionConfirmation, isDeletionConfirmed, requestAddressChange } from '~/accounts/own-account.server'
import { destroySession, requireRole, requireUser, sessionHashOf } from '~/accounts/session.server'
import { getPage } from '~/content/pages.server'
import { normaliseEmail, pendingAddressChange, setName, type User } from '~/db/accounts.server'
import { getLearnerProfile, saveLearnerProfile } from '~/db/learner-profiles.server'
import { ROLES } from '~/db/schema'
import { AccountNameSchema, DeletionCheckSchema, DeletionConfirmSchema, EmailChangeSchema, LearnerProfileSchema, PasswordChangeSchema } from '~/forms/account'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { intentOf } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import type { FormSchema } from '~/forms/rules'
import { clientAddress } from '~/http/client-address.server'
import { setFlash } from '~/http/flash.server'
import { httpError, redirect } from '~/http/responses.server'
import { lessonsOnDeletion } from '~/lessons/cancellations.server'
import { NOTICES } from '~/messages/notices'
import { ACCOUNT_NOTICES } from '~/messages/account'
import { OFFICE_NOTICES } from '~/messages/office'

/** The answer of one of the page's forms, named by its intent so the page shows it by that form. */
export type AccountActionData = {
  intent: string
  notice?: string
  refusal?: string
  fieldErrors?: Record<string, string | undefined>
  values?: Record<string, string | string[] | undefined>
  /** Deleting, step two: the confirmation the password bought. */
  deletionConfirmation?: string
}

// Notices other pages send here; only these keys are shown, never text from the URL.
const ACCOUNT_PAGE_NOTICES = { 'address-changed': (user: User) => ACCOUNT_NOTICES.addressChanged(user.email) } as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const noticeKey = new URL(request.url).searchParams.get('notice') ?? ''
  const [page, profile, pendingEmail] = await Promise.all([getPage('account'), user.role === 'family' ? getLearnerProfile(user.id) : null, pendingAddressChange(user.id)])
  return json({
    page,
    user: { name: user.name, email: user.email, role: user.role },
    pendingEmail,
    notice: Object.hasOwn(ACCOUNT_PAGE_NOTICES, noticeKey) ? ACCOUNT_PAGE_NOTICES[noticeKey as keyof typeof ACCOUNT_PAGE_NOTICES](user) : null,
    // A family's learner; other accounts have none.
    profile: user.role === 'family' ? (profile ?? { learnerName: '', level: '', subjects: [], goals: '' }) : null,
  })
}

function answer(intent: string, data: Omit<AccountActionData, 'intent'>, status = 200) {
  return json<AccountActionData>({ intent, ...data }, { status })
}

/**
 * One intent's form, parsed by its schema: its typed values, or the answer to send back instead (the
 * fields' errors, or, when the hidden honeypot is filled, a polite answer that changes nothing).
 */
async function formOf<Schema extends FormSchema>(request: Request, intent: string, schema: Schema): Promise<{ value: InferOutput<Schema>; answer?: undefined } | { answer: Response }> {
  const submission = await readSubmission(request, schema)
  if (submission.status === 'invalid') return { answer: answer(intent, submission.reply, 400) }
  if (submission.status === 'spam') return { answer: answer(intent, { notice: NOTICES.requestReceived }) }
  return { value: submission.value }
}

/** The current password a form carries, checked; an answer to send back when it is not right. */
async function refusedPassword(request: Request, user: User, intent: string, password: string, values: AccountActionData['values']) {
  const check = await checkCurrentPassword(user, password, clientAddress(request))
  if (check === 'right') return null
  if (check === 'throttled') return answer(intent, { refusal: NOTICES.tooManyAttempts, values }, 429)
  return answer(intent, { fieldErrors: { currentPassword: ACCOUNT_NOTICES.wrongPassword }, values }, 400)
}

const DELETION_REFUSALS = { 'last-staff': ACCOUNT_NOTICES.lastStaff, 'tutor-lessons': ACCOUNT_NOTICES.tutorLessons, 'not-found': ACCOUNT_NOTICES.deletionExpired } as const

export async function action({ request }: ActionFunctionArgs) {
  const intent = intentOf(request)
  // Refuses a post from another site, and a visitor signed out, before anything is read.
  const user = await requireRole(request, ROLES)

  if (intent === 'profile') {
    if (user.role !== 'family') throw httpError(403, 'Forbidden')
    const form = await formOf(request, intent, LearnerProfileSchema)
    if (form.answer) return form.answer
    // Its account deleted meanwhile (in another tab): no one's to save.
    if (!(await saveLearnerProfile(user.id, form.value))) throw httpError(404, 'Not Found')
    return answer(intent, { notice: ACCOUNT_NOTICES.profileSaved })
  }

  if (intent === 'name') {
    const form = await formOf(request, intent, AccountNameSchema)
    if (form.answer) return form.answer
    await setName(user.id, form.value.name)
    return answer(intent, { notice: ACCOUNT_NOTICES.nameSaved })
  }

  if (intent === 'email') {
    const form = await formOf(request, intent, EmailChangeSchema)
    if (form.answer) return form.answer
    const { email, currentPassword } = form.value
    const values = { email }
    if (normaliseEmail(email) === user.email) return answer(intent, { fieldErrors: { email: ACCOUNT_NOTICES.sameAddress }, values }, 400)
    const refused = await refusedPassword(request, user, intent, currentPassword, values)
    if (refused) return refused
    if (await isOverClientLimit(request, 'confirmation link')) return answer(intent, { refusal: NOTICES.tooManyRequests, values }, 429)
    if (!(await requestAddressChange(user, email))) return answer(intent, { refusal: ACCOUNT_NOTICES.addressChangeNotSent, values }, 429)
    return answer(intent, { notice: ACCOUNT_NOTICES.addressChangeSent(normaliseEmail(email)) })
  }

  if (intent === 'password') {
    const form = await formOf(request, intent, PasswordChangeSchema)
    if (form.answer) return form.answer
    const refused = await refusedPassword(request, user, intent, form.value.currentPassword, {})
    if (refused) return refused
    const sessionHash = await sessionHashOf(request)
    if (!sessionHash) throw httpError(403, 'Forbidden')
    await changePassword(user, form.value.password, sessionHash)
    // The browser's entry names the old password: it gets the new one's, so it stays known.
    const known = await rememberSignIn(request, user.email)
    return json<AccountActionData>({ intent, notice: ACCOUNT_NOTICES.passwordChanged }, known ? { headers: { 'Set-Cookie': known } } : {})
  }

  if (intent === 'delete') {
    const form = await formOf(request, intent, DeletionCheckSchema)
    if (form.answer) return form.answer
    const refused = await refusedPassword(request, user, intent, form.value.currentPassword, {})
    if (refused) return refused
    return answer(intent, { deletionConfirmation: deletionConfirmation(user) })
  }

  if (intent === 'delete-confirmed') {
    const submission = await readSubmission(request, DeletionConfirmSchema)
    if (submission.status !== 'valid' || !isDeletionConfirmed(user, submission.value.confirmation)) {
      return answer('delete', { refusal: ACCOUNT_NOTICES.deletionExpired }, 400)
    }
    const now = new Date()
    const deletion = await deleteAccount(user, await lessonsOnDeletion(now), now)
    if (!deletion.done) return answer('delete', { refusal: DELETION_REFUSALS[deletion.reason] }, 409)
    const headers = new Headers()
    headers.append('Set-Cookie', await destroySession(request))
    headers.append('Set-Cookie', await setFlash('account:deleted'))
    return redirect('/', { headers })
  }

  // The body is read (and a cross-site post refused) before an unknown intent is answered.
  await readSubmission(request, DeletionConfirmSchema)
  return answer(intent, { refusal: OFFICE_NOTICES.unknownAction }, 400)
}
