// Every e-mail the site sends, as subject and text from the facts it needs. Links are
// absolute, from SITE_URL (siteOrigin), never from a request's Host header.
import { formatExperience } from '~/content/experience'
import type { Cancellation } from '~/forms/office'
import { RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'
import { siteOrigin, type Mail } from '~/mail/mail.server'
import { RULES, SITE, SUPPORT, supportOpeningHours } from '~/site'

type Email = Omit<Mail, 'to'>

export function passwordResetEmail(name: string, token: string): Email {
  const link = `${siteOrigin()}/reset-password?${new URLSearchParams({ token })}`
  return {
    subject: `Reset your ${SITE.name} password`,
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your account. To choose a new one, open this link:',
      '',
      link,
      '',
      `The link works once and expires in ${RESET_LINK_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

export function addressConfirmationEmail(name: string, token: string, validDays: number): Email {
  const link = `${siteOrigin()}/confirm-email?${new URLSearchParams({ token })}`
  return {
    subject: `Confirm your email address for ${SITE.name}`,
    text: [
      `Hello ${name},`,
      '',
      `Thank you for opening an account with ${SITE.name}. To confirm that this address is yours, open this link; it works once and for ${validDays} days:`,
      '',
      link,
      '',
      'Once it is confirmed, your dashboard shows the lesson requests and class places made with this address.',
      '',
      'If you did not open an account, ignore this e-mail: nothing is shown to anyone until the address is confirmed.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** To the owner of an address someone tried to open a second account with. */
export function accountExistsEmail(): Email {
  return {
    subject: `Someone tried to open an account with your address`,
    text: [
      'Hello,',
      '',
      `Someone tried to open a ${SITE.name} account with this e-mail address, which already has one. Your account has not changed.`,
      '',
      `If it was you, you can log in, or reset your password here: ${siteOrigin()}/forgot-password`,
      '',
      'If it was not you, there is nothing to do.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** The link each mailing carries. It opens a page that asks before removing anything. */
export function unsubscribeUrl(token: string) {
  return `${siteOrigin()}/newsletter/unsubscribe?${new URLSearchParams({ token })}`
}

/**
 * The one e-mail the box sends to the address typed in it: nothing goes on the list until its owner
 * follows the link. It is not a mailing, so it carries no List-Unsubscribe header; its second link
 * lets someone who never asked have the address forgotten now rather than in a week.
 */
export function newsletterConfirmationEmail(token: string): Email {
  return {
    subject: `Confirm your ${SITE.name} newsletter subscription`,
    text: [
      'Hello,',
      '',
      `We were asked to send the ${SITE.name} newsletter (study tips and news of our free classes, about once a month) to this address. To start receiving it, confirm here:`,
      '',
      `${siteOrigin()}/newsletter/confirm?${new URLSearchParams({ token })}`,
      '',
      `If you did not ask, you need do nothing: we will send no newsletter, and we will delete your address within ${RULES.confirmationLinkValidDays} days. To have it deleted now:`,
      '',
      unsubscribeUrl(token),
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** `onTheDay`: reserved on the day of the class, when 'the day before' has gone. */
export function classPlaceEmail(place: { name: string; title: string; day: string; when: string; yearGroup: string; paymentDue?: string; onTheDay: boolean }): Email {
  return {
    subject: `Your place: ${place.title}, ${place.day}`,
    text: [
      `Hello ${place.name},`,
      '',
      `Your place is reserved: ${place.title}`,
      `When: ${place.when} (London time)`,
      `Student's year group: ${place.yearGroup}`,
      '',
      `We will email the joining link ${place.onTheDay ? 'before the class starts' : 'the day before'}. If you can no longer come, reply to this email so we can offer the place to someone else.`,
      ...(place.paymentDue ? ['', place.paymentDue] : []),
      '',
      `Timetable: ${siteOrigin()}/classes`,
      SITE.name,
    ].join('\n'),
  }
}

// The office's notices: one per new item, replying goes to the visitor, and the link opens the item.
export function officeContactEmail(message: { id: number; name: string; email: string; subject: string; message: string }): Email {
  return {
    subject: `New message: ${message.subject}, from ${message.name}`,
    replyTo: message.email,
    text: [`${message.name} <${message.email}> wrote (${message.subject}):`, '', message.message, '', `Open it in the office: ${siteOrigin()}/office/messages/${message.id}`, 'Reply to this e-mail to answer them.'].join('\n'),
  }
}

/** `tutorHasAccount`: whether the tutor can answer it from their dashboard too, or only the office can. */
export function officeLessonRequestEmail(request: { id: number; name: string; email: string; message: string }, tutorName: string, when: string, tutorHasAccount: boolean): Email {
  return {
    subject: `New lesson request: ${tutorName}, ${when}`,
    replyTo: request.email,
    text: [
      `${request.name} <${request.email}> asks for a lesson with ${tutorName} on ${when} (London time).`,
      ...(request.message ? ['', request.message] : []),
      '',
      `Confirm or decline it in the office: ${siteOrigin()}/office/lessons/${request.id}`,
      tutorHasAccount ? `${tutorName} can answer it too, from their dashboard.` : `${tutorName} has no account yet, so only the office can answer it.`,
    ].join('\n'),
  }
}

export function officeApplicationEmail(application: { id: number; name: string; email: string; subjects: string[]; levels: string[]; experienceYears: number }): Email {
  return {
    subject: `New tutor application: ${application.name}`,
    replyTo: application.email,
    text: [
      `${application.name} <${application.email}> applied to tutor ${application.subjects.join(', ')} (${application.levels.join(', ')}), with ${formatExperience(application.experienceYears)} of experience.`,
      '',
      `Read it, and invite or reject it, in the office: ${siteOrigin()}/office/applications/${application.id}`,
    ].join('\n'),
  }
}

export function officeClassPlaceEmail(place: { name: string; email: string; title: string; when: string; yearGroup: string }): Email {
  return {
    subject: `New class place: ${place.title}, ${place.when}`,
    replyTo: place.email,
    text: [`${place.name} <${place.email}> reserved a place at ${place.title} on ${place.when} (London time), for a student in ${place.yearGroup}.`, '', `The roster: ${siteOrigin()}/office/classes`].join('\n'),
  }
}

// What families hear back.
export function contactReceivedEmail(name: string, subject: string): Email {
  return {
    subject: `We have your message: ${subject}`,
    text: [
      `Hello ${name},`,
      '',
      `Thank you for writing to ${SITE.name}. Your message has reached our office, and someone will reply to this address ${SUPPORT.replyWithin} (${supportOpeningHours()}).`,
      '',
      'If you need to add something, reply to this e-mail.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

export function lessonRequestReceivedEmail(name: string, tutorName: string, when: string): Email {
  return {
    subject: `Your lesson request: ${tutorName}, ${when}`,
    text: [
      `Hello ${name},`,
      '',
      `We have your request for a lesson with ${tutorName} on ${when} (London time). The time is not booked yet: ${tutorName} or our office will confirm or decline it, and we will e-mail you either way, usually within 24 hours.`,
      '',
      `With an account under this address, once you have confirmed the address, you can follow it on your dashboard: ${siteOrigin()}/dashboard`,
      'Your first session with each tutor is free. Other lessons are paid outside the site for now: once one is confirmed, we e-mail you how to pay.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** The one e-mail a request from an address not proven sends: nothing goes to the tutor until its link is followed. */
export function lessonRequestConfirmationEmail(name: string, tutorName: string, when: string, token: string): Email {
  return {
    subject: `Confirm your lesson request: ${tutorName}, ${when}`,
    text: [
      `Hello ${name},`,
      '',
      `To send your request for a lesson with ${tutorName} on ${when} (London time), confirm it here:`,
      '',
      `${siteOrigin()}/confirm-lesson-request?${new URLSearchParams({ token })}`,
      '',
      `We ask so that no one can book in your name. The link works once, while the time is still free. ${tutorName} or our office will then confirm or decline the lesson, and we will e-mail you either way, usually within 24 hours.`,
      '',
      'If you did not ask for this lesson, ignore this e-mail: nothing is sent to the tutor, and we delete the request.',
      '',
      'Your first session with each tutor is free. Other lessons are paid outside the site for now: once one is confirmed, we e-mail you how to pay.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

const CANCEL_WINDOW = `${RULES.cancellationWindowHours} hours`
const REFUND_TIME = `${RULES.refundBusinessDays} business days`

/** How a family cancels: by writing to us, or on the dashboard of an account with this address when it shows the lesson (`onAddressDashboard`). */
function howToCancel(onAddressDashboard: boolean) {
  const where = onAddressDashboard ? `reply to this e-mail, or use your dashboard if you have an account with this address (${siteOrigin()}/dashboard)` : 'reply to this e-mail'
  return `To cancel, ${where}: at least ${CANCEL_WINDOW} ahead, you choose a full refund or lesson credit; later, the lesson counts as attended.`
}

/** Whether the reader's dashboard shows the lesson: a tutor's does; a family's not always (LessonFacts). */
export function dashboardShows(lesson: Pick<LessonFacts, 'onAddressDashboard'>, reader: 'family' | 'tutor') {
  return reader === 'tutor' || lesson.onAddressDashboard
}

/** The reader's link to their dashboard, when it shows the lesson. */
function dashboardLine(label: string, showsTheLesson: boolean) {
  return showsTheLesson ? [`${label}: ${siteOrigin()}/dashboard`] : []
}

/** `reminded`: whether a reminder will come, which it does not for a lesson confirmed less than that ahead (lesson-times.ts). */
export type LessonAnswer = { confirmed: true; reminded: boolean } | { confirmed: false }

export function lessonDecisionEmail(name: string, tutor: { id: string; name: string }, when: string, answer: LessonAnswer, onAddressDashboard: boolean): Email {
  const reminder = answer.confirmed && answer.reminded ? `, and a reminder ${RULES.reminderHoursBefore} hours before it starts` : ''
  return {
    subject: answer.confirmed ? `Confirmed: your lesson with ${tutor.name}, ${when}` : `Not available: your lesson request with ${tutor.name}, ${when}`,
    text: [
      `Hello ${name},`,
      '',
      answer.confirmed
        ? `Your lesson with ${tutor.name} on ${when} (London time) is confirmed. The calendar file attached adds it to your calendar. We will e-mail the joining details before the lesson, and how to pay unless it is your first session with ${tutor.name}, which is free${reminder}.`
        : `Sorry: ${tutor.name} cannot take the lesson on ${when}. Please choose another time on their profile: ${siteOrigin()}/tutors/${tutor.id}`,
      ...(answer.confirmed ? ['', howToCancel(onAddressDashboard)] : []),
      '',
      ...dashboardLine('Your requests', onAddressDashboard),
      SITE.name,
    ].join('\n'),
  }
}

/**
 * What the e-mails about one lesson name: who, with whom, and when in London words; and whether the
 * dashboard of an account with its address shows it (not when another account booked it for the address).
 */
export type LessonFacts = { id: number; familyName: string; tutorName: string; when: string; onAddressDashboard: boolean }

/** To the tutor, whoever confirmed the lesson (they or the office). */
export function lessonConfirmedTutorEmail(lesson: LessonFacts): Email {
  return {
    subject: `Confirmed: lesson with ${lesson.familyName}, ${lesson.when}`,
    text: [
      `Hello ${lesson.tutorName},`,
      '',
      `Your lesson with ${lesson.familyName} on ${lesson.when} (London time) is confirmed, and the time is no longer offered to others. The calendar file attached adds it to your calendar.`,
      '',
      `Your lessons: ${siteOrigin()}/dashboard`,
      SITE.name,
    ].join('\n'),
  }
}

/** To the office, when a tutor answers a request from their dashboard: the office sends the payment request and joining details. */
export function officeTutorDecisionEmail(lesson: LessonFacts, request: { id: number; email: string }, confirmed: boolean): Email {
  return {
    subject: `${confirmed ? 'Confirmed' : 'Declined'} by ${lesson.tutorName}: lesson with ${lesson.familyName}, ${lesson.when}`,
    replyTo: request.email,
    text: [
      confirmed
        ? `${lesson.tutorName} has confirmed the lesson with ${lesson.familyName} on ${lesson.when} (London time). Please send the family the payment request and the joining details.`
        : `${lesson.tutorName} has declined the lesson with ${lesson.familyName} on ${lesson.when} (London time); the family has been told. You may want to suggest another tutor or time.`,
      '',
      `The request: ${siteOrigin()}/office/lessons/${request.id}`,
    ].join('\n'),
  }
}

/**
 * A reminder, queued a day ahead (later, after the site was down). It names the lesson's time and not
 * how far off it is: an outage of the mail server can hold it in the queue for hours, and what it says
 * must still be true when it goes.
 */
export function lessonReminderEmail(lesson: LessonFacts, reader: 'family' | 'tutor'): Email {
  const other = reader === 'family' ? lesson.tutorName : lesson.familyName
  return {
    subject: `Reminder: lesson with ${other}, ${lesson.when}`,
    text: [
      `Hello ${reader === 'family' ? lesson.familyName : lesson.tutorName},`,
      '',
      `A reminder: your lesson with ${other} is on ${lesson.when} (London time).`,
      ...(reader === 'family'
        ? ['', `Cancelling now is less than ${CANCEL_WINDOW} ahead, so under our cancellation policy the lesson would count as attended. If something has come up, reply to this e-mail.`]
        : []),
      '',
      ...dashboardLine('Your lessons', dashboardShows(lesson, reader)),
      SITE.name,
    ].join('\n'),
  }
}

const CANCELLATION_SUBJECTS: Record<Cancellation, string> = {
  'family-in-time': 'Cancelled',
  'family-late': 'Cancelled late',
  'family-request': 'Request withdrawn',
  tutor: 'Cancelled by the tutor',
}

/** `timeToCome`: the lesson's time is still ahead, so a time set free is offered again (the office may record a cancellation after it). */
function cancellationText(lesson: LessonFacts, cancellation: Cancellation, reader: 'family' | 'tutor' | 'office', timeToCome: boolean): string[] {
  const lessonOn = `the lesson with ${lesson.tutorName} on ${lesson.when} (London time)`
  const offeredAgain = timeToCome ? ' The time is offered again.' : ''
  // The family's e-mail goes to the address the lesson was booked for, whose reader may not be the
  // account that cancelled it (a parent booking for a child's address): it says what happened, not who did.
  const TheLessonOn = `The lesson with ${lesson.tutorName} on ${lesson.when} (London time)`
  if (reader === 'family') {
    if (cancellation === 'family-in-time')
      return [
        `${TheLessonOn} is cancelled, at least ${CANCEL_WINDOW} before it starts.`,
        '',
        `Under our cancellation policy you choose a full refund or lesson credit. Our office will e-mail you to arrange it: a refund reaches your original payment method within ${REFUND_TIME}, and credit can be used for any lesson.`,
      ]
    if (cancellation === 'family-late')
      return [
        `${TheLessonOn} is cancelled, less than ${CANCEL_WINDOW} before it starts.`,
        '',
        `Under our cancellation policy the lesson counts as attended, so it is not refunded: your tutor kept the time for you. If an emergency or illness made you cancel late, reply to this e-mail and tell us what happened.`,
      ]
    return [
      `${lesson.tutorName} has had to cancel your lesson on ${lesson.when} (London time). We are sorry.`,
      '',
      `You choose a full refund or free rebooking with ${lesson.tutorName} or another tutor. Our office will e-mail you to arrange it: a refund reaches your original payment method within ${REFUND_TIME}.`,
    ]
  }
  const familyDid = {
    'family-in-time': `${lesson.familyName} cancelled ${lessonOn}, in time for a refund or credit.${offeredAgain}`,
    'family-late': `${lesson.familyName} cancelled ${lessonOn} less than ${CANCEL_WINDOW} ahead: it counts as attended, and the time stays booked.`,
    'family-request': `${lesson.familyName} withdrew their request for ${lessonOn}: there is nothing to answer.`,
    tutor: `${lesson.tutorName} cancelled their lesson with ${lesson.familyName} on ${lesson.when} (London time).${offeredAgain}`,
  }[cancellation]
  // The tutor's own cancellation, or one the office recorded for them (they did not come).
  if (reader === 'tutor' && cancellation === 'tutor') return [`Your lesson with ${lesson.familyName} on ${lesson.when} (London time) is cancelled.${offeredAgain} ${lesson.familyName} is offered a full refund or free rebooking.`]
  if (reader === 'tutor') return [familyDid]
  const officeTask = {
    'family-in-time': 'Please arrange the refund or lesson credit the family chooses.',
    'family-late': 'The late cancellation is recorded on the request; nothing is refunded under the policy.',
    'family-request': 'Nothing to do.',
    tutor: 'Please arrange the full refund or free rebooking the family chooses.',
  }[cancellation]
  return [familyDid, '', officeTask, `The request and its history: ${siteOrigin()}/office/lessons/${lesson.id}`]
}

export function lessonCancelledEmail(lesson: LessonFacts & { slotStart: string }, cancellation: Cancellation, reader: 'family' | 'tutor' | 'office', now: Date): Email {
  const greeting = reader === 'family' ? [`Hello ${lesson.familyName},`, ''] : reader === 'tutor' ? [`Hello ${lesson.tutorName},`, ''] : []
  return {
    subject: `${CANCELLATION_SUBJECTS[cancellation]}: lesson with ${reader === 'tutor' ? lesson.familyName : lesson.tutorName}, ${lesson.when}`,
    text: [
      ...greeting,
      ...cancellationText(lesson, cancellation, reader, Date.parse(lesson.slotStart) > now.getTime()),
      '',
      ...(reader === 'office' ? [] : dashboardLine('Your lessons', dashboardShows(lesson, reader))),
      SITE.name,
    ].join('\n'),
  }
}

export function tutorInvitationEmail(tutorName: string, token: string, validDays: number): Email {
  const link = `${siteOrigin()}/tutor-invitation?${new URLSearchParams({ token })}`
  return {
    subject: `Your ${SITE.name} tutor account`,
    text: [
      `Hello ${tutorName},`,
      '',
      `You are invited to your tutor account at ${SITE.name}. Open this link to choose a password; the link works once and for ${validDays} days:`,
      '',
      link,
      '',
      'Your dashboard shows the lesson requests for you to confirm or decline, your confirmed lessons, and your weekly availability, which you keep up to date yourself.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** To the holder of a tutor account the office closed, by the name the account had: why it no longer logs in, and whom to ask. */
export function tutorAccountClosedEmail(name: string): Email {
  return {
    subject: `Your ${SITE.name} tutor account is closed`,
    text: [
      `Hello ${name},`,
      '',
      'Our office has closed your tutor account: you can no longer log in with this address, and every device signed in to it was signed out. The lessons you taught stay in our records.',
      '',
      'If you did not expect this, tell us by replying to this e-mail.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

// A family's own account (issue 28): an address change, a new password, and a deleted account's lessons.

export function addressChangeEmail(name: string, token: string, validDays: number): Email {
  const link = `${siteOrigin()}/confirm-email?${new URLSearchParams({ token })}`
  return {
    subject: `Confirm your new email address for ${SITE.name}`,
    text: [
      `Hello ${name},`,
      '',
      `You asked to move your ${SITE.name} account to this address. To confirm that it is yours, open this link while signed in; it works once and for ${validDays} days:`,
      '',
      link,
      '',
      'Until then your account keeps its current address. If you did not ask for this, ignore this e-mail: nothing changes.',
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** To the address an account has now, when someone signed in to it asks to move it elsewhere. */
export function addressChangeNoticeEmail(name: string, newEmail: string): Email {
  return {
    subject: `Your ${SITE.name} account's email address is changing`,
    text: [
      `Hello ${name},`,
      '',
      `Someone signed in to your account asked to change its email address to ${newEmail}. The change happens only once the link we sent to that address is opened; until then you sign in with this one.`,
      '',
      `If it was not you, change your password now from your account page (${siteOrigin()}/account), or reset it here: ${siteOrigin()}/forgot-password, and tell us by replying to this e-mail.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** To an address someone asked to move another account to, when it has an account of its own. */
export function addressInUseEmail(): Email {
  return {
    subject: `Someone tried to move an account to your address`,
    text: [
      'Hello,',
      '',
      `Someone signed in to another ${SITE.name} account asked to move it to this e-mail address, which already has an account. Nothing has changed, and there is nothing for you to do.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

export function passwordChangedEmail(name: string): Email {
  return {
    subject: `Your ${SITE.name} password was changed`,
    text: [
      `Hello ${name},`,
      '',
      'The password of your account was changed just now, and every other device signed in to it was signed out.',
      '',
      `If it was not you, reset your password here: ${siteOrigin()}/forgot-password, and tell us by replying to this e-mail.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/**
 * An upcoming lesson a deleted account cancelled: to its tutor (when they have an account), to the
 * office, and to the `learner` when the account asked for it at someone else's address, which that
 * person's link proved.
 */
export function lessonCancelledByDeletionEmail(tutorName: string, when: string, request: { id: number; status: string; name: string }, reader: 'tutor' | 'office' | 'learner'): Email {
  const late = request.status === 'late-cancelled'
  if (reader === 'learner') {
    return {
      subject: `${late ? 'Cancelled late' : 'Cancelled'}: your lesson with ${tutorName}, ${when}`,
      text: [
        `Hello ${request.name},`,
        '',
        late
          ? `The account that asked for your lesson with ${tutorName} on ${when} (London time) has been deleted less than ${CANCEL_WINDOW} ahead, so the lesson is cancelled late: under our cancellation policy it counts as attended. The calendar file attached removes it from your calendar.`
          : `The account that asked for your lesson with ${tutorName} on ${when} (London time) has been deleted, so the lesson is cancelled. The calendar file attached removes it from your calendar.`,
        '',
        `To book another lesson, find a tutor and choose a time on their profile: ${siteOrigin()}/tutors/find`,
        SITE.name,
      ].join('\n'),
    }
  }
  return {
    subject: `${late ? 'Cancelled late' : 'Cancelled'}: lesson with ${tutorName}, ${when}`,
    text: [
      late
        ? `The family who booked the lesson with ${tutorName} on ${when} (London time) has deleted their account less than ${CANCEL_WINDOW} ahead, so the lesson is cancelled late: under our cancellation policy it counts as attended, and the time stays booked.`
        : `The family who booked the lesson with ${tutorName} on ${when} (London time) has deleted their account, so the lesson is cancelled and the time is free again.`,
      '',
      reader === 'office' ? `The request, without the family's details: ${siteOrigin()}/office/lessons/${request.id}` : `Your lessons: ${siteOrigin()}/dashboard`,
      '',
      SITE.name,
    ].join('\n'),
  }
}
