// What a tutor's profile loads and what its lesson request form does.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getSessionUser } from '~/accounts/session.server'
import { createToken } from '~/accounts/tokens.server'
import { tutorCardWords } from '~/content/share-card-words'
import { shareTags } from '~/content/share-tags.server'
import { breadcrumbList } from '~/content/structured-data.server'
import { getLearnerProfile, isEmptyProfile } from '~/db/learner-profiles.server'
import { normaliseEmail } from '~/db/accounts.server'
import { saveLessonRequest, saveUnprovenLessonRequest } from '~/db/lessons.server'
import { LessonRequestSchema, SLOT_TAKEN } from '~/forms/lesson-request'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { lessonRequestConfirmationEmail, lessonRequestReceivedEmail } from '~/mail/emails.server'
import { visitorMail, wakeMailSender } from '~/mail/mail.server'
import { officeLessonRequestNotices } from '~/lessons/requests.server'
import { getEnv } from '~/env.server'
import { sharedPage } from '~/http/cache-control.server'
import { ERRORS } from '~/messages'
import { ACCOUNT_DELETED, FAMILY_ACCOUNTS_BOOK } from '~/messages/booking'
import { NOTICES } from '~/messages/notices'
import { freeSlotsThisWeek, getTutor } from '~/tutors/catalogue.server'
import { formatLessonTime, formatSlot } from '~/tutors/slots'
import { tutorPerson } from '~/tutors/tutor-structured-data.server'
import { PROFILE_TRAIL } from '~/routes/tutors.$id/tutor-profile'

export type LessonRequestActionData = Partial<FormReply<typeof LessonRequestSchema>> & { confirmation?: string; formError?: string }

export async function loader({ params, request }: LoaderFunctionArgs) {
  const now = new Date()
  // The slots confirmed lessons took stay private: the page shows only the free ones. Whether the
  // tutor is online is their card's to say, not the profile's (the privacy notice names the card).
  const bookable = await getTutor(params.id ?? '', now)
  const slots = freeSlotsThisWeek(bookable, now).map((slot) => ({ iso: slot.start.toISOString(), label: formatSlot(slot) }))
  const { booked, online, classes, ...tutor } = bookable
  const { siteUrl } = getEnv()
  const pathname = `/tutors/${tutor.id}`
  const head = { title: `${tutor.name}, ${tutor.subject} Tutor`, description: tutor.bio }
  const share = shareTags({ siteUrl, pathname, ...head, card: tutorCardWords(tutor) })
  const structured = [breadcrumbList(siteUrl, PROFILE_TRAIL, { label: tutor.name, href: pathname }), tutorPerson(siteUrl, tutor)]
  return json({ tutor, slots, head, share, structured }, sharedPage(request))
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The form first, so its body is read (or refused) whatever the tutor id.
  const submission = await readSubmission(request, LessonRequestSchema)
  const now = new Date()
  const tutor = await getTutor(params.id ?? '', now)
  if (submission.status === 'spam') return json<LessonRequestActionData>({ confirmation: NOTICES.requestReceived })
  if (submission.status === 'invalid') return json<LessonRequestActionData>(submission.reply, { status: 400 })
  const lesson = submission.value
  // Only a slot the tutor still has free (not confirmed for another lesson), checked now.
  const slot = freeSlotsThisWeek(tutor, now).find((free) => free.start.toISOString() === lesson.slot)
  if (!slot) return json<LessonRequestActionData>({ fieldErrors: { slot: SLOT_TAKEN }, values: submission.values }, { status: 400 })
  // Refused before the client's posts are counted: storing nothing, it spends none of them.
  const user = await getSessionUser(request)
  if (user && user.role !== 'family') return json<LessonRequestActionData>({ formError: FAMILY_ACCOUNTS_BOOK, values: submission.values }, { status: 403 })
  if (await isOverClientLimit(request, 'stored post')) return json<LessonRequestActionData>({ formError: NOTICES.tooManyRequests, values: submission.values }, { status: 429 })
  try {
    // A signed-in family's request carries its learner's profile, as it is now.
    const profile = user ? await getLearnerProfile(user.id) : null
    const learner = profile && !isEmptyProfile(profile) ? profile : null
    // E-mails say the date itself: 'Today' would not stay true in an inbox.
    const when = formatLessonTime(slot.start.toISOString())
    const sent = { tutorId: tutor.id, slotStart: slot.start.toISOString(), name: lesson.name, email: lesson.email, message: lesson.message, userId: user?.id ?? null, learner }
    // The address is the visitor's only when they are signed in to the account that proved it;
    // any other waits for its owner to follow the link we e-mail it, and reaches no one before.
    if (!user?.emailConfirmed || normaliseEmail(user.email) !== normaliseEmail(lesson.email)) {
      const { token, tokenHash } = createToken()
      const link = visitorMail({ to: lesson.email, ...lessonRequestConfirmationEmail(lesson.name, tutor.name, when, token) }, 'acknowledgement', 'the lesson request confirmation link')
      const saved = await saveUnprovenLessonRequest(sent, tokenHash, link)
      if (saved === 'account-gone') return json<LessonRequestActionData>({ formError: ACCOUNT_DELETED, values: submission.values }, { status: 409 })
      if (saved === 'link-not-sent') return json<LessonRequestActionData>({ formError: NOTICES.lessonRequestLinkNotSent, values: submission.values }, { status: 429 })
      wakeMailSender()
      return json<LessonRequestActionData>({ confirmation: NOTICES.lessonRequestToConfirm(lesson.name, lesson.email) })
    }
    const officeNotice = await officeLessonRequestNotices(tutor, when)
    const id = await saveLessonRequest(sent, (id) => [
      officeNotice({ id, ...lesson }),
      visitorMail({ to: lesson.email, ...lessonRequestReceivedEmail(lesson.name, tutor.name, when) }, 'acknowledgement', 'the lesson request acknowledgement'),
    ])
    if (id === null) return json<LessonRequestActionData>({ formError: ACCOUNT_DELETED, values: submission.values }, { status: 409 })
    wakeMailSender()
  } catch (error) {
    console.error('lesson request: could not store it', error)
    return json<LessonRequestActionData>({ formError: ERRORS.formFailed, values: submission.values }, { status: 500 })
  }
  return json<LessonRequestActionData>({ confirmation: NOTICES.lessonRequested(lesson.name, formatSlot(slot), tutor.name) })
}
