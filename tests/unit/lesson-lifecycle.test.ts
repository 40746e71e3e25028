// Issue 29, points 3 to 6: a confirmed lesson reaches both calendars, is reminded of a day ahead,
// is cancelled under the 24-hour policy by its family or its tutor, and is taught once it has
// ended. Every clock is the test's; every e-mail is read from a real SMTP server.
import { afterEach, describe, expect, test, vi } from 'vitest'

import { formatLessonTime } from '~/tutors/slots'

import { calendarOfMail, readCalendar } from '../tools/calendar-file'
import { startSmtpReceiver } from '../tools/smtp-receiver'

import { ENGINES, withFreshDatabase } from './fresh-database'

const HOUR = 60 * 60_000
const TUTOR = { id: 'amelia-hart', name: 'Dr Amelia Hart', email: 'amelia@example.com' }
const OFFICE = 'office@brightwelltutoring.co.uk'

const receivers: Array<{ stop: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.stop()))
})

/** The next whole hour at least `hours` after `from`: lessons start on the hour. */
function hourAfter(from: Date, hours: number) {
  const at = new Date(from.getTime() + hours * HOUR)
  at.setUTCMinutes(0, 0, 0)
  return new Date(at.getTime() + HOUR)
}
const before = (slot: Date, ms: number) => new Date(slot.getTime() - ms)

describe.each(ENGINES)('on %s', (engine) => {
  withFreshDatabase(`lesson-lifecycle-${engine}`, { SITE_URL: 'https://brightwell.test', OFFICE_EMAIL: OFFICE }, engine)

  /** Ann, her tutor and staff, and a mail server that answers as `refuse` says (by default, takes everything). */
  async function setUp(refuse?: NonNullable<Parameters<typeof startSmtpReceiver>[0]>['refuse']) {
    const smtp = await startSmtpReceiver({ refuse })
    receivers.push(smtp)
    vi.stubEnv('SMTP_URL', smtp.url)
    const accounts = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const tutorUserId = (await accounts.insertUser({ name: TUTOR.name, email: TUTOR.email, passwordHash: 'x', tutorId: TUTOR.id }))!
    const familyId = (await accounts.insertUser({ name: 'Ann Family', email: 'ann@example.com', passwordHash: 'x' }))!
    await (await getDb()).updateTable('users').set({ email_confirmed_at: new Date().toISOString() }).where('id', '=', familyId).execute()
    const staffId = (await accounts.insertUser({ name: 'Sam Staff', email: 'sam@example.com', passwordHash: 'x' }))!
    const family = { role: 'family', userId: familyId, name: 'Ann Family', email: 'ann@example.com' } as const
    const tutor = { role: 'tutor', userId: tutorUserId, name: TUTOR.name, tutorId: TUTOR.id } as const
    const { saveLessonRequest, getLessonRequest, confirmedSlots } = await import('~/db/lessons.server')
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    /** A lesson Ann asks for at `slot` and the office confirms at `confirmedAt`. */
    async function confirmedLesson(slot: Date, confirmedAt: Date) {
      const id = (await saveLessonRequest({ tutorId: TUTOR.id, slotStart: slot.toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: familyId }))!
      const outcome = await answerLessonRequest(id, 'confirmed', { userId: staffId, name: 'Sam Staff' }, confirmedAt)
      expect(outcome.done).toBe(true)
      return id
    }
    /**
     * The first `count` e-mails to `address`, once that many have arrived, delivering what is due at
     * `now`: the change also wakes this process's sender, which may be delivering them already.
     */
    async function mailsTo(address: string, count: number, now: Date) {
      await deliverDueMail(now)
      await vi.waitFor(() => expect(smtp.to(address).length).toBeGreaterThanOrEqual(count))
      return smtp.to(address).slice(0, count)
    }
    /** The e-mail to `address` whose subject starts `subject`, once it has arrived. */
    async function mailTo(address: string, subject: string, now: Date) {
      await deliverDueMail(now)
      await vi.waitFor(() => expect(smtp.to(address).map((message) => message.header('Subject'))).toContainEqual(expect.stringMatching(new RegExp(`^${subject}`))))
      return smtp.to(address).find((message) => message.header('Subject')!.startsWith(subject))!
    }
    const status = async (id: number) => (await getLessonRequest(id))!.status
    const isSlotTaken = async (slot: Date) => ((await confirmedSlots(new Date(0))).get(TUTOR.id) ?? []).includes(slot.toISOString())
    return { smtp, family, tutor, confirmedLesson, status, isSlotTaken, mailsTo, mailTo }
  }

  // An outage holds a lesson's e-mails back, and the lesson is cancelled, or begins, meanwhile: sent
  // then, the confirmation would put a cancelled lesson in the calendars after its cancellation (the
  // retry of the older e-mail waits longer), and the reminder announce a lesson that is off, or over.
  test('a confirmation or a reminder still unsent when its lesson is cancelled, or has begun, is not sent', async () => {
    let outage = true
    const { smtp, family, confirmedLesson, mailTo } = await setUp(() => (outage ? { code: 421, text: 'Try again later' } : null))
    const { getDb } = await import('~/db/database.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const { sendDueReminders } = await import('~/lessons/reminders.server')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const db = await getDb()
    // Until every e-mail due has been tried and none is in a sender's hands (the change woke this
    // process's own): one being sent as the outage ends is sent, whatever happened meanwhile.
    const allRefused = async () =>
      expect(await db.selectFrom('mail_queue').select('id').where('status', '=', 'queued').where((eb) => eb.or([eb('attempts', '=', 0), eb('lease_until', 'is not', null)])).execute()).toEqual([])
    const now = new Date()
    const cancelled = await confirmedLesson(hourAfter(now, 72), now)
    await deliverDueMail(now)
    await vi.waitFor(allRefused)
    expect((await cancelLesson(cancelled, family, 'family-in-time', new Date(now.getTime() + 60_000))).done).toBe(true)
    outage = false
    await mailTo('ann@example.com', 'Cancelled: ', new Date(now.getTime() + 10 * 60_000))
    await mailTo(TUTOR.email, 'Cancelled: ', new Date(now.getTime() + 10 * 60_000))

    // A lesson whose reminder the outage holds until after it has begun.
    const slot = hourAfter(now, 96)
    await confirmedLesson(slot, now)
    await mailTo('ann@example.com', `Confirmed: your lesson with ${TUTOR.name}, ${formatLessonTime(slot.toISOString())}`, now)
    await mailTo(TUTOR.email, 'Confirmed: ', now)
    outage = true
    expect(await sendDueReminders(before(slot, 24 * HOUR))).toBe(1)
    await deliverDueMail(before(slot, 24 * HOUR))
    await vi.waitFor(allRefused)
    outage = false
    await deliverDueMail(new Date(slot.getTime() + HOUR))

    const subjects = (address: string) => smtp.to(address).map((message) => message.header('Subject')!.split(':')[0])
    expect(subjects('ann@example.com')).toEqual(['Cancelled', 'Confirmed'])
    expect(subjects(TUTOR.email)).toEqual(['Cancelled', 'Confirmed'])
    expect(smtp.to('ann@example.com')[1]!.header('Subject')).toContain(formatLessonTime(slot.toISOString()))
    // The office's log says why each was not sent; none can be sent again.
    const held = await db.selectFrom('mail_queue').select(['subject', 'status', 'last_error']).where('status', '!=', 'sent').orderBy('id').execute()
    expect(held.map((mail) => [mail.subject.split(':')[0], mail.status, mail.last_error])).toEqual([
      ['Confirmed', 'outdated', 'Not sent: the lesson was cancelled before this could be.'],
      ['Confirmed', 'outdated', 'Not sent: the lesson was cancelled before this could be.'],
      ['Reminder', 'outdated', 'Not sent: the lesson had begun before this could be.'],
      ['Reminder', 'outdated', 'Not sent: the lesson had begun before this could be.'],
    ])
  })

  test('a confirmed lesson: both e-mails carry the same calendar event, which the dashboard serves too', async () => {
    const { confirmedLesson, mailTo } = await setUp()
    const now = new Date()
    const slot = hourAfter(now, 72)
    const id = await confirmedLesson(slot, now)
    const familyMail = await mailTo('ann@example.com', 'Confirmed: ', now)
    const tutorMail = await mailTo(TUTOR.email, 'Confirmed: ', now)
    expect(familyMail!.header('Subject')).toContain(`Confirmed: your lesson with ${TUTOR.name}`)
    expect(familyMail!.text).toContain('at least 24 hours ahead, you choose a full refund or lesson credit')
    // The first session with a tutor is free, which the e-mail says rather than promise a way to pay for it.
    expect(familyMail!.text).toContain(`unless it is your first session with ${TUTOR.name}, which is free`)
    // Whoever booked it may have no account: the dashboard is for those who do.
    expect(familyMail!.text).toContain('reply to this e-mail, or use your dashboard if you have an account with this address')
    expect(tutorMail!.header('Subject')).toContain('Confirmed: lesson with Ann Family')
    const events = [calendarOfMail(familyMail!), calendarOfMail(tutorMail!)]
    for (const event of events) {
      expect(event).toMatchObject({ method: 'PUBLISH', uid: `lesson-${id}@brightwell.test`, start: slot.toISOString(), end: new Date(slot.getTime() + HOUR).toISOString(), status: 'CONFIRMED', attached: true })
    }
    expect(events.map((event) => event.summary)).toEqual([`Lesson with ${TUTOR.name} (Brightwell Tutoring)`, 'Brightwell Tutoring lesson: Ann Family'])
    const { lessonCalendar } = await import('~/lessons/calendar.server')
    const file = lessonCalendar({ id, slotStart: slot.toISOString(), tutorName: TUTOR.name, familyName: 'Ann Family', onAddressDashboard: true }, 'family', now)
    expect(readCalendar(file).uid).toBe(events[0]!.uid)
    // RFC 5545 §3.4: every content line ends with CRLF, the last one too; strict readers refuse the file otherwise.
    expect(file).toMatch(/^BEGIN:VCALENDAR\r\n[^]*\r\nEND:VCALENDAR\r\n$/)
  })

  test('the reminder comes 24 hours before, once, to the family and the tutor; a lesson confirmed later than that gets none', async () => {
    const { smtp, confirmedLesson, mailsTo, mailTo } = await setUp()
    const { sendDueReminders } = await import('~/lessons/reminders.server')
    const now = new Date()
    const slot = hourAfter(now, 72)
    await confirmedLesson(slot, now)
    const soon = hourAfter(now, 20)
    await confirmedLesson(soon, now)
    await mailsTo('ann@example.com', 2, now)
    await mailsTo(TUTOR.email, 2, now)

    expect(await sendDueReminders(before(slot, 24 * HOUR + 60_000))).toBe(0)
    // Two processes looking at once: one reminds.
    const dueAt = before(slot, 24 * HOUR)
    expect((await Promise.all([sendDueReminders(dueAt), sendDueReminders(dueAt)])).reduce((sum, count) => sum + count, 0)).toBe(1)
    expect(await sendDueReminders(before(slot, 23 * HOUR))).toBe(0)
    // The lesson confirmed 20 hours ahead: its hour before comes, and nothing is sent.
    expect(await sendDueReminders(before(soon, 60_000))).toBe(0)
    const reminders = [await mailTo('ann@example.com', 'Reminder: ', dueAt), await mailTo(TUTOR.email, 'Reminder: ', dueAt)]
    expect(smtp.received).toHaveLength(6)
    expect(reminders.every((message) => message.header('Subject')!.startsWith('Reminder: lesson with'))).toBe(true)
    expect(reminders.find((message) => message.envelopeTo[0] === 'ann@example.com')!.text).toContain('would count as attended')
    expect(reminders.every((message) => message.text.includes(`is on ${formatLessonTime(slot.toISOString())} (London time).`))).toBe(true)
  })

  test('only a lesson confirmed at least 24 hours ahead is promised a reminder', async () => {
    const { confirmedLesson, mailsTo } = await setUp()
    const now = new Date()
    await confirmedLesson(hourAfter(now, 72), now)
    await confirmedLesson(hourAfter(now, 20), now)
    const confirmations = await mailsTo('ann@example.com', 2, now)
    const promising = (message: (typeof confirmations)[number]) => message.text.includes('a reminder 24 hours before')
    expect(confirmations.filter(promising)).toHaveLength(1)
    expect(confirmations.filter(promising)[0]!.header('Subject')).toContain(formatLessonTime(hourAfter(now, 72).toISOString()))
  })

  test('a reminder queued late, after the site was down, still goes, naming the time of the lesson', async () => {
    const { confirmedLesson, mailTo } = await setUp()
    const { sendDueReminders } = await import('~/lessons/reminders.server')
    const now = new Date()
    const slot = hourAfter(now, 72)
    await confirmedLesson(slot, now)
    const lateBy = before(slot, 2 * HOUR)
    expect(await sendDueReminders(lateBy)).toBe(1)
    const reminder = await mailTo('ann@example.com', 'Reminder: ', lateBy)
    expect(reminder.text).toContain(`is on ${formatLessonTime(slot.toISOString())} (London time).`)
  })

  test('a reminder held back by a mail outage says nothing that has turned untrue by the time it goes', async () => {
    let outage = false
    const { confirmedLesson, mailTo } = await setUp(() => (outage ? { code: 421, text: 'Try again later' } : null))
    const { sendDueReminders } = await import('~/lessons/reminders.server')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const now = new Date()
    const slot = hourAfter(now, 72)
    await confirmedLesson(slot, now)
    await mailTo('ann@example.com', 'Confirmed: ', now)
    outage = true
    const dueAt = before(slot, 24 * HOUR)
    expect(await sendDueReminders(dueAt)).toBe(1)
    const { deliverDueMail } = await import('~/mail/mail.server')
    await deliverDueMail(dueAt)
    outage = false
    // The outage is over five hours later: the lesson is 19 hours off when the reminder goes.
    const reminder = await mailTo('ann@example.com', 'Reminder: ', before(slot, 19 * HOUR))
    expect(reminder.text).toContain(`is on ${formatLessonTime(slot.toISOString())} (London time).`)
    expect(reminder.text).not.toMatch(/in about \d+ hours?/)
  })

  test("a declined request's e-mail links to the tutor's own profile, where the other times are", async () => {
    const { mailTo } = await setUp()
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const now = new Date()
    const id = await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 48).toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: null })
    expect((await answerLessonRequest(id, 'declined', { userId: 0, name: 'Sam Staff' }, now)).done).toBe(true)
    const declined = await mailTo('ann@example.com', 'Not available: ', now)
    expect(declined.text).toContain(`https://brightwell.test/tutors/${TUTOR.id}\n`)
  })

  test('the family cancels 25 hours ahead: cancelled, the slot offered again, tutor and office told, the refund policy stated', async () => {
    const { family, confirmedLesson, status, isSlotTaken, mailTo } = await setUp()
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const now = new Date()
    const slot = hourAfter(now, 72)
    const id = await confirmedLesson(slot, now)
    const at = before(slot, 25 * HOUR)
    // Confirming what the family was not shown does nothing.
    expect(await cancelLesson(id, family, 'family-late', at)).toEqual({ done: false, reason: 'terms-changed' })
    expect((await cancelLesson(id, family, 'family-in-time', at)).done).toBe(true)
    expect(await status(id)).toBe('cancelled')
    expect(await isSlotTaken(slot)).toBe(false)
    const familyMail = await mailTo('ann@example.com', 'Cancelled: ', at)
    expect(familyMail.header('Subject')).toContain('Cancelled: lesson with')
    expect(familyMail.text).toContain('you choose a full refund or lesson credit')
    expect(familyMail.text).toContain('within 5-7 business days')
    expect(calendarOfMail(familyMail)).toMatchObject({ uid: `lesson-${id}@brightwell.test`, status: 'CANCELLED' })
    const tutorMail = await mailTo(TUTOR.email, 'Cancelled: ', at)
    expect(tutorMail.text).toContain('The time is offered again.')
    // The lesson the tutor's confirmation put in their calendar is cancelled there too.
    expect(calendarOfMail(tutorMail)).toMatchObject({ uid: `lesson-${id}@brightwell.test`, status: 'CANCELLED' })
    expect((await mailTo(OFFICE, 'Cancelled: ', at)).text).toContain('Please arrange the refund or lesson credit the family chooses.')
    // No reminder for a cancelled lesson, and no second cancellation.
    const { sendDueReminders } = await import('~/lessons/reminders.server')
    expect(await sendDueReminders(before(slot, 24 * HOUR))).toBe(0)
    expect(await cancelLesson(id, family, 'family-in-time', at)).toEqual({ done: false, reason: 'not-cancellable' })
  })

  test('a lesson the family booked for another address: cancelling it tells that address it is cancelled, and the family where the e-mail went', async () => {
    const { family, mailTo } = await setUp()
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const { CANCELLATION_NOTICES } = await import('~/messages/cancellation')
    const now = new Date()
    const id = (await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 72).toISOString(), name: 'Dan Learner', email: 'dan@example.com', message: '', userId: family.userId }))!
    expect((await answerLessonRequest(id, 'confirmed', { userId: 0, name: 'Sam Staff' }, now)).done).toBe(true)
    expect((await cancelLesson(id, family, 'family-in-time', now)).done).toBe(true)
    const learnerMail = await mailTo('dan@example.com', 'Cancelled: ', now)
    // Dan did not cancel it: Ann's account did.
    expect(learnerMail.text).not.toContain('You have cancelled')
    expect(learnerMail.text).toContain(`The lesson with ${TUTOR.name} on `)
    expect(CANCELLATION_NOTICES.done['family-in-time']('dan@example.com')).toContain("We've e-mailed dan@example.com")
    expect(CANCELLATION_NOTICES.done['family-in-time'](null)).toContain("We've e-mailed you")
  })

  // The dashboard of an account with the lesson's address shows the lesson only if no other account
  // booked it: a family's booking for a child's address stays the family's, on the family's dashboard.
  test("the e-mails to an address another account booked the lesson for send it to no dashboard of its own, which would not show it", async () => {
    const { family, mailTo } = await setUp()
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    const { sendDueReminders } = await import('~/lessons/reminders.server')
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const now = new Date()
    const slots = [hourAfter(now, 72), hourAfter(now, 96)]
    const [forDan, forAnn] = await Promise.all([
      saveLessonRequest({ tutorId: TUTOR.id, slotStart: slots[0]!.toISOString(), name: 'Dan Learner', email: 'dan@example.com', message: '', userId: family.userId }),
      saveLessonRequest({ tutorId: TUTOR.id, slotStart: slots[1]!.toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: family.userId }),
    ])
    for (const id of [forDan!, forAnn!]) expect((await answerLessonRequest(id, 'confirmed', { userId: 0, name: 'Sam Staff' }, now)).done).toBe(true)
    const dueAt = before(slots[0]!, 24 * HOUR)
    expect(await sendDueReminders(dueAt)).toBe(1)
    const reminder = await mailTo('dan@example.com', 'Reminder: ', dueAt)
    expect((await cancelLesson(forDan!, family, 'family-in-time', dueAt)).done).toBe(true)
    const toDan = [await mailTo('dan@example.com', 'Confirmed: ', now), reminder, await mailTo('dan@example.com', 'Cancelled: ', dueAt)]
    for (const mail of toDan) expect(mail.text, mail.header('Subject')).not.toContain('/dashboard')
    // Nor does the calendar event the confirmation and the cancellation carry.
    for (const mail of [toDan[0]!, toDan[2]!]) expect(mail.parts.find((part) => part.contentType === 'text/calendar')!.content, mail.header('Subject')).not.toContain('/dashboard')
    expect(toDan[0]!.text).toContain('To cancel, reply to this e-mail: at least 24 hours ahead')
    // Ann's own lesson is on her dashboard, and her e-mail says so.
    expect((await mailTo('ann@example.com', `Confirmed: your lesson with ${TUTOR.name}, ${formatLessonTime(slots[1]!.toISOString())}`, now)).text).toContain('/dashboard')
  })

  test("the e-mails of a lesson booked signed out at a staff or tutor account's address send it to no dashboard: theirs has no family's part", async () => {
    const { mailTo } = await setUp()
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    const { getDb } = await import('~/db/database.server')
    await (await getDb()).updateTable('users').set({ role: 'staff' }).where('email', '=', 'sam@example.com').execute()
    const now = new Date()
    const id = await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 72).toISOString(), name: 'Sam Staff', email: 'Sam@example.com', message: '', userId: null })
    expect((await answerLessonRequest(id, 'confirmed', { userId: 0, name: 'Sam Staff' }, now)).done).toBe(true)
    expect((await mailTo('Sam@example.com', 'Confirmed: ', now)).text).not.toContain('/dashboard')
  })

  test("a tutor's answer from the dashboard tells the office, which sends the payment request and joining details", async () => {
    const { tutor, mailTo } = await setUp()
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const now = new Date()
    const id = await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 48).toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: null })
    expect((await answerLessonRequest(id, 'confirmed', tutor, now)).done).toBe(true)
    const notice = await mailTo(OFFICE, `Confirmed by ${TUTOR.name}: `, now)
    expect(notice.text).toContain('Please send the family the payment request and the joining details.')
    expect(notice.text).toContain(`/office/lessons/${id}`)
    expect(notice.header('Reply-To')).toBe('ann@example.com')
  })

  test('a request whose time has passed cannot be confirmed (no confirmation for a time gone); it can still be declined', async () => {
    await setUp()
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    const { saveLessonRequest, getLessonRequest } = await import('~/db/lessons.server')
    const now = new Date()
    const slot = hourAfter(now, 48)
    const id = await saveLessonRequest({ tutorId: TUTOR.id, slotStart: slot.toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: null })
    const staff = { userId: 0, name: 'Sam Staff' }
    expect(await answerLessonRequest(id, 'confirmed', staff, new Date(slot.getTime() + 60_000))).toEqual({ done: false, reason: 'passed' })
    expect((await getLessonRequest(id))!.status).toBe('requested')
    expect((await answerLessonRequest(id, 'declined', staff, new Date(slot.getTime() + 60_000))).done).toBe(true)
  })

  test('the office records a cancellation sent by e-mail, as the policy treats it when it reached us; one that does not fit the lesson is refused', async () => {
    const { confirmedLesson, status, isSlotTaken, mailTo, mailsTo } = await setUp()
    const { recordCancellation } = await import('~/lessons/cancellations.server')
    const { historyOf } = await import('~/db/office.server')
    const { getDb } = await import('~/db/database.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const staff = { userId: 0, name: 'Sam Staff' }
    const now = new Date()
    const slot = hourAfter(now, 72)
    const id = await confirmedLesson(slot, now)
    // The family's e-mail reached us 25 hours ahead; the office records it 23 hours ahead: in time.
    const at = before(slot, 23 * HOUR)
    expect(await recordCancellation(id, staff, 'family-request', at)).toEqual({ done: false, reason: 'not-cancellable' })
    expect((await recordCancellation(id, staff, 'family-in-time', at)).done).toBe(true)
    expect(await status(id)).toBe('cancelled')
    expect(await isSlotTaken(slot)).toBe(false)
    expect((await historyOf('lesson_request', id)).map((line) => [line.action, line.byName])).toContainEqual(['cancelled by the family (refund or credit), recorded by the office', 'Sam Staff'])
    const familyMail = await mailTo('ann@example.com', 'Cancelled: ', at)
    expect(familyMail.text).toContain('you choose a full refund or lesson credit')
    expect(calendarOfMail(await mailTo(TUTOR.email, 'Cancelled: ', at))).toMatchObject({ status: 'CANCELLED' })
    // Once cancelled, nothing more; a request not yet confirmed can only be withdrawn, and only before its time.
    expect(await recordCancellation(id, staff, 'tutor', at)).toEqual({ done: false, reason: 'not-cancellable' })
    const asked = await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 96).toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: null })
    expect(await recordCancellation(asked, staff, 'family-in-time', now)).toEqual({ done: false, reason: 'not-cancellable' })
    expect((await recordCancellation(asked, staff, 'family-request', now)).done).toBe(true)
    const unanswered = await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 100).toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: null })
    expect(await recordCancellation(unanswered, staff, 'family-request', hourAfter(now, 101))).toEqual({ done: false, reason: 'not-cancellable' })
    // A family's e-mail that reached us in time, on a weekend the office is shut, is recorded once it
    // opens, after the lesson's time; so is a tutor who did not come (the policy's refund either way).
    const sunday = hourAfter(now, 120)
    const cancelledInTime = await confirmedLesson(sunday, now)
    expect((await recordCancellation(cancelledInTime, staff, 'family-in-time', new Date(sunday.getTime() + 15 * HOUR))).done).toBe(true)
    expect(await status(cancelledInTime)).toBe('cancelled')
    const noShow = await confirmedLesson(hourAfter(now, 124), now)
    expect((await recordCancellation(noShow, staff, 'tutor', hourAfter(now, 126))).done).toBe(true)
    expect((await (await getDb()).selectFrom('lesson_requests').select('status').where('id', '=', noShow).executeTakeFirstOrThrow()).status).toBe('cancelled')
    // A time gone is not offered again, whatever the e-mail says of one to come.
    const officeNotices = (await mailsTo(OFFICE, 4, hourAfter(now, 136))).map((message) => message.text)
    expect(officeNotices.filter((text) => text.includes('The time is offered again.'))).toHaveLength(1)
    expect(officeNotices).toContainEqual(expect.stringContaining(`${TUTOR.name} cancelled their lesson with Ann Family on `))
  }, 20_000)

  test('the family cancels 23 hours ahead: it counts as attended, the slot stays taken, and the office sees a late cancellation', async () => {
    const { family, confirmedLesson, status, isSlotTaken, mailTo } = await setUp()
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const { historyOf } = await import('~/db/office.server')
    const now = new Date()
    const slot = hourAfter(now, 72)
    const id = await confirmedLesson(slot, now)
    const at = before(slot, 23 * HOUR)
    expect(await cancelLesson(id, family, 'family-in-time', at)).toEqual({ done: false, reason: 'terms-changed' })
    expect((await cancelLesson(id, family, 'family-late', at)).done).toBe(true)
    expect(await status(id)).toBe('late-cancelled')
    expect(await isSlotTaken(slot)).toBe(true)
    expect((await historyOf('lesson_request', id)).map((line) => line.action)).toEqual(['confirmed', 'cancelled late by the family (counts as attended)'])
    expect((await mailTo('ann@example.com', 'Cancelled late: ', at)).text).toContain('the lesson counts as attended, so it is not refunded')
    expect((await mailTo(OFFICE, 'Cancelled late: ', at)).text).toContain('The late cancellation is recorded on the request')
  })

  test('a tutor cancels their own confirmed lesson, not another tutor’s: the family is told of a refund or rebooking', async () => {
    const { family, tutor, confirmedLesson, status, isSlotTaken, mailTo } = await setUp()
    const { cancelLesson, cancellationOf } = await import('~/lessons/cancellations.server')
    const { getLessonRequest } = await import('~/db/lessons.server')
    const now = new Date()
    const slot = hourAfter(now, 5)
    const id = await confirmedLesson(slot, now)
    const lesson = (await getLessonRequest(id))!
    expect(cancellationOf(lesson, { ...tutor, tutorId: 'marcus-thompson' }, now)).toBe('not-yours')
    expect(cancellationOf(lesson, { ...family, userId: family.userId + 100, email: 'someone@example.com' }, now)).toBe('not-yours')
    expect((await cancelLesson(id, tutor, 'tutor', now)).done).toBe(true)
    expect(await status(id)).toBe('cancelled')
    expect(await isSlotTaken(slot)).toBe(false)
    const familyMail = await mailTo('ann@example.com', 'Cancelled by the tutor: ', now)
    expect(familyMail.text).toContain('You choose a full refund or free rebooking')
    // The tutor is named once: 'Dr Amelia Hart has had to cancel the lesson with Dr Amelia Hart' it read.
    expect(familyMail.text).toContain(`${TUTOR.name} has had to cancel your lesson on `)
    expect((await mailTo(OFFICE, 'Cancelled by the tutor: ', now)).text).toContain('Please arrange the full refund or free rebooking the family chooses.')
    // The lesson their confirmation put in the tutor's calendar leaves it too, or another family booking
    // the time set free would sit beside it there.
    const tutorMail = await mailTo(TUTOR.email, 'Cancelled by the tutor: ', now)
    expect(calendarOfMail(tutorMail)).toMatchObject({ uid: `lesson-${id}@brightwell.test`, status: 'CANCELLED' })
    expect(tutorMail.text).toContain('Your lesson with Ann Family on ')
    expect(tutorMail.text).toContain('The time is offered again. Ann Family is offered a full refund or free rebooking.')
  })

  // A family's withdrawal of a request nobody has answered yet is a post like the request itself: the
  // notices of it to the tutor and the office count against the site's hourly ceiling, as the office's
  // notice of the request did, or requests and withdrawals from many accounts would send without end.
  test("withdrawals of requests nobody answered tell the tutor and the office within the site's hourly ceiling", async () => {
    vi.stubEnv('MAIL_CEILING_PER_HOUR', '2')
    const { family } = await setUp()
    const { saveLessonRequest, getLessonRequest } = await import('~/db/lessons.server')
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const { getDb } = await import('~/db/database.server')
    const now = new Date()
    for (const hours of [30, 31, 32]) {
      const id = (await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, hours).toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: family.userId }))!
      expect((await cancelLesson(id, family, 'family-request', now)).done).toBe(true)
      expect((await getLessonRequest(id))!.status).toBe('cancelled')
    }
    const notices = async () => (await getDb()).selectFrom('mail_queue').select('recipient').where('recipient', 'in', [TUTOR.email, OFFICE]).execute()
    expect(await notices()).toHaveLength(2)
    // A withdrawn request was never a lesson: the tutor's dashboard does not list it as a cancelled one.
    const { lessonsOfTutor } = await import('~/db/lessons.server')
    expect(await lessonsOfTutor(TUTOR.id, now, new Date(now.getTime() - 24 * HOUR))).toEqual({ requested: [], lessons: [] })
    // A withdrawal the office records, sent to it by e-mail, is the office's work: no ceiling holds its notices back.
    const { recordCancellation } = await import('~/lessons/cancellations.server')
    const recorded = (await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 33).toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: family.userId }))!
    expect((await recordCancellation(recorded, { userId: 0, name: 'Sam Staff' }, 'family-request', now)).done).toBe(true)
    expect(await notices()).toHaveLength(4)
  })

  // The policy is judged when the cancellation is carried out, not when its request began: a post
  // whose body is sent on after the 24-hour mark was judged at the mark, as if it came in time.
  test('a cancellation whose body arrives after the 24-hour mark is judged late, whenever its request began', async () => {
    const { confirmedLesson, status } = await setUp()
    vi.stubEnv('SESSION_SECRET', 'c'.repeat(64))
    const { createSession } = await import('~/accounts/session.server')
    const { action } = await import('~/routes/dashboard/dashboard.server')
    const { findUserByEmail } = await import('~/db/accounts.server')
    const now = new Date()
    const slot = hourAfter(now, 25)
    const id = await confirmedLesson(slot, now)
    const cookie = (await createSession((await findUserByEmail('ann@example.com'))!.user.id, false)).split(';')[0]!
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(before(slot, 24 * HOUR + 60_000))
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          // The client sends its body two minutes on: the lesson is then less than 24 hours away.
          vi.setSystemTime(before(slot, 24 * HOUR - 60_000))
          controller.enqueue(new TextEncoder().encode(new URLSearchParams({ request: String(id), terms: 'family-in-time' }).toString()))
          controller.close()
        },
      }, { highWaterMark: 0 })
      const request = new Request('http://localhost/dashboard?intent=cancel-confirmed', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      } as RequestInit)
      const answer = await action({ request, params: {}, context: {} })
      expect(((await answer.json()) as { notice?: string }).notice).toBeUndefined()
      expect(await status(id)).toBe('confirmed')
    } finally {
      vi.useRealTimers()
    }
  })

  test('a confirmed lesson is taught once it has ended, unless cancelled; one that has started cannot be cancelled', async () => {
    const { family, confirmedLesson } = await setUp()
    const { lessonStage } = await import('~/lessons/lesson-times')
    const { cancellationOf } = await import('~/lessons/cancellations.server')
    const { getLessonRequest } = await import('~/db/lessons.server')
    const now = new Date()
    const slot = hourAfter(now, 30)
    const lesson = (await getLessonRequest(await confirmedLesson(slot, now)))!
    const at = (ms: number) => new Date(slot.getTime() + ms)
    expect(lessonStage(lesson, at(30 * 60_000))).toBe('confirmed')
    expect(lessonStage(lesson, at(HOUR))).toBe('taught')
    expect(lessonStage({ ...lesson, status: 'cancelled' }, at(HOUR))).toBe('cancelled')
    expect(lessonStage({ ...lesson, status: 'late-cancelled' }, at(HOUR))).toBe('late-cancelled')
    // A request nobody answered before its time is no longer waiting for an answer.
    const request = { ...lesson, status: 'requested', decidedAt: null } as const
    expect(lessonStage(request, at(-60_000))).toBe('requested')
    expect(lessonStage(request, slot)).toBe('unanswered')
    expect(cancellationOf(lesson, family, new Date(slot.getTime() + 60_000))).toBe('not-cancellable')
  })

  test('a request the family withdrew before anyone answered it reads withdrawn, not cancelled, to the family and the office', async () => {
    const { family, confirmedLesson } = await setUp()
    const { lessonStage } = await import('~/lessons/lesson-times')
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const { getLessonRequest, saveLessonRequest } = await import('~/db/lessons.server')
    const now = new Date()
    const withdrawn = (await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 50).toISOString(), name: family.name, email: family.email, message: '', userId: family.userId }))!
    expect((await cancelLesson(withdrawn, family, 'family-request', now)).done).toBe(true)
    expect(lessonStage((await getLessonRequest(withdrawn))!, now)).toBe('withdrawn')
    // A lesson confirmed and then cancelled was a lesson: it stays cancelled.
    const cancelled = await confirmedLesson(hourAfter(now, 72), now)
    expect((await cancelLesson(cancelled, family, 'family-in-time', now)).done).toBe(true)
    expect(lessonStage((await getLessonRequest(cancelled))!, now)).toBe('cancelled')
    // The office's list filters them apart, as it shows them.
    const { listLessonRequests } = await import('~/db/office.server')
    expect((await listLessonRequests('withdrawn', 1)).items.map((item) => item.id)).toEqual([withdrawn])
    expect((await listLessonRequests('cancelled', 1)).items.map((item) => item.id)).toEqual([cancelled])
  })

  test('a lesson confirmed before decisions were dated, and cancelled since, is dated from its history: a cancelled lesson, not a withdrawn request', async () => {
    const { family, confirmedLesson } = await setUp()
    const { lessonStage } = await import('~/lessons/lesson-times')
    const { cancelLesson } = await import('~/lessons/cancellations.server')
    const { getLessonRequest, saveLessonRequest } = await import('~/db/lessons.server')
    const { getDb } = await import('~/db/database.server')
    const { decisionsDated } = await import('~/db/migrations.server')
    const db = await getDb()
    const now = new Date()
    const confirmedAt = new Date(now.getTime() - 2 * HOUR)
    const cancelled = await confirmedLesson(hourAfter(now, 72), confirmedAt)
    const withdrawn = (await saveLessonRequest({ tutorId: TUTOR.id, slotStart: hourAfter(now, 50).toISOString(), name: family.name, email: family.email, message: '', userId: family.userId }))!
    expect((await cancelLesson(cancelled, family, 'family-in-time', now)).done).toBe(true)
    expect((await cancelLesson(withdrawn, family, 'family-request', now)).done).toBe(true)
    // As such a lesson was: confirmed with no decided_at.
    await db.updateTable('lesson_requests').set({ decided_at: null }).where('id', '=', cancelled).execute()
    expect(lessonStage((await getLessonRequest(cancelled))!, now)).toBe('withdrawn')
    await decisionsDated.up(db)
    expect((await getLessonRequest(cancelled))!.decidedAt).toBe(confirmedAt.toISOString())
    expect(lessonStage((await getLessonRequest(cancelled))!, now)).toBe('cancelled')
    expect(lessonStage((await getLessonRequest(withdrawn))!, now)).toBe('withdrawn')
  })
})
