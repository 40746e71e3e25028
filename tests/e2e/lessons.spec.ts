// The lesson to its end (issue 29), with and without JavaScript: a tutor confirms a family's three
// lessons, which reach both calendars; the family cancels one at least 24 hours ahead (the time is
// offered again, tutor and office told, the refund policy stated) and one less than 24 hours ahead
// (it counts as attended and the time stays taken); the tutor cancels the third (the family told); a
// request the family withdraws before anyone answers it reads as withdrawn.
// The reminder a day before is the site's reminder job run with the test's clock. Every e-mail is
// read from what the site's SMTP server received.
import type { APIRequestContext, Locator, Page } from '@playwright/test'

import { formatLessonTime } from '~/tutors/slots'

import { calendarOfMail, readCalendar } from '../tools/calendar-file'

import { newFamily, newStaff, newTutor, PASSWORD } from './accounts'
import { expect, test } from './fixtures'
import { expectStepStaysPut } from './hold-request'
import { gotoReady, hasJavaScript } from './hydrated'
import { expectInView } from './in-view'
import { mailsTo, sendDueRemindersAsAt } from './server-data'

const HOUR = 60 * 60_000
const OFFICE_EMAIL = 'office@brightwelltutoring.co.uk'

// The js and no-js projects share one database, so each has a tutor of its own.
function tutorOf() {
  return hasJavaScript() ? { id: 'rosie-campbell', name: 'Rosie Campbell' } : { id: 'zara-hussain', name: 'Zara Hussain' }
}

/** Every hour the availability form offers, every day: whatever the time now, some lessons are under 24 hours ahead and some over. */
function everyWeeklySlot() {
  const form = new URLSearchParams()
  for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) for (let hour = 8; hour <= 20; hour++) form.append('slots', `${day} ${String(hour).padStart(2, '0')}:00`)
  return form.toString()
}

async function freeSlots(request: APIRequestContext, tutorId: string) {
  return [...(await (await request.get(`/tutors/${tutorId}`)).text()).matchAll(/name="slot"[^>]*value="([^"]+)"/g)].map((match) => match[1]!)
}

async function logIn(page: Page, email: string) {
  await page.context().clearCookies()
  await gotoReady(page, '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** The e-mails to `to` whose subject starts with `subject`, once `count` of them have arrived. */
async function mailsWith(to: string, subject: string, count: number) {
  const matching = () => mailsTo(to).filter((mail) => mail.header('Subject')?.startsWith(subject))
  await expect.poll(() => matching().length).toBe(count)
  return matching()
}

/** The lesson whose calendar file is `calendar`, in the dashboard open in `page`. */
function lessonItem(page: Page, calendar: string) {
  return page.getByRole('listitem').filter({ has: page.locator(`a[href="${calendar}"]`) })
}

/**
 * Cancels, from the dashboard open in `page`, the lesson or request in `item`; checks the policy's words on the way.
 * With JavaScript the question must not move once shown (expectStepStaysPut).
 */
async function cancelFromDashboard(page: Page, item: Locator, { asks, done, button = 'Yes, Cancel the Lesson' }: { asks: RegExp; done: string; button?: string }) {
  const press = () => item.getByRole('button', { name: /^Cancel: / }).click()
  const step = page.locator('#cancel-lesson')
  const confirm = step.getByRole('button', { name: button })
  if (hasJavaScript()) await expectStepStaysPut(page, { press, button: confirm })
  else await press()
  await expect(step).toContainText(asks)
  // Without JavaScript the fragment brings the page to it; with JavaScript the step scrolls itself there.
  await expectInView(page, confirm, { wholly: true })
  await confirm.click()
  await expect(page.getByText(done)).toBeVisible()
}

test('a lesson to its end: in both calendars, cancelled in time, cancelled late, and cancelled by the tutor @no-js', async ({ page, request }) => {
  test.setTimeout(120_000)
  const tutor = tutorOf()
  const staff = await newStaff(request)
  const tutorAccount = await newTutor(request, staff.cookie, tutor.id, tutor.name)
  const saved = await request.post('/dashboard?intent=availability', { data: everyWeeklySlot(), headers: { Cookie: tutorAccount.cookie, 'Content-Type': 'application/x-www-form-urlencoded' } })
  expect(saved.status()).toBe(200)
  const family = await newFamily(request, { name: 'Fern Family' })

  // Three times: one more than a day ahead for the family to cancel in time, one under a day ahead, one for the tutor.
  const now = Date.now()
  const slots = await freeSlots(request, tutor.id)
  const ahead = (iso: string) => Date.parse(iso) - now
  const inTime = slots.find((iso) => ahead(iso) >= 26 * HOUR)!
  const late = slots.find((iso) => ahead(iso) >= 2 * HOUR && ahead(iso) <= 22 * HOUR)!
  const byTutor = slots.find((iso) => ahead(iso) >= 26 * HOUR && iso !== inTime)!
  for (const slot of [inTime, late, byTutor]) {
    expect(slot).toBeTruthy()
    const asked = await request.post(`/tutors/${tutor.id}`, { form: { slot, name: 'Fern Family', email: family.email, message: '' }, headers: { Cookie: family.cookie } })
    expect(asked.status()).toBe(200)
  }

  // The tutor confirms all three from their dashboard.
  await logIn(page, tutorAccount.email)
  // Each answer is waited for by the requests left to answer: the notice of the one before is still shown.
  const toConfirm = page.getByRole('button', { name: /^Confirm Fern Family, / })
  for (let left = 3; left > 0; left--) {
    await expect(toConfirm).toHaveCount(left)
    await toConfirm.first().click()
    await expect(toConfirm).toHaveCount(left - 1)
    await expect(page.getByText('Lesson confirmed; the family has been e-mailed.')).toBeVisible()
  }

  // Both confirmations of each lesson carry the same calendar event, at its time; the dashboard serves it too.
  const familyEvents = (await mailsWith(family.email, 'Confirmed: your lesson', 3)).map(calendarOfMail)
  const tutorEvents = (await mailsWith(tutorAccount.email, 'Confirmed: lesson with Fern Family', 3)).map(calendarOfMail)
  const calendarOf = new Map<string, string>()
  for (const slot of [inTime, late, byTutor]) {
    const event = familyEvents.find((candidate) => candidate.start === slot)!
    expect(event).toMatchObject({ method: 'PUBLISH', status: 'CONFIRMED', end: new Date(Date.parse(slot) + HOUR).toISOString(), attached: true })
    expect(event.uid).toMatch(/^lesson-\d+@brightwell\.test$/)
    expect(tutorEvents.find((candidate) => candidate.start === slot)?.uid).toBe(event.uid)
    calendarOf.set(slot, `/dashboard/lessons/${/^lesson-(\d+)@/.exec(event.uid)![1]}.ics`)
  }
  const served = await request.get(calendarOf.get(inTime)!, { headers: { Cookie: family.cookie } })
  expect(served.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(readCalendar(await served.text())).toMatchObject({ uid: familyEvents.find((event) => event.start === inTime)!.uid, start: inTime })
  // Another family gets nothing of it.
  const stranger = await newFamily(request, { name: 'Sid Stranger' })
  expect((await request.get(calendarOf.get(inTime)!, { headers: { Cookie: stranger.cookie } })).status()).toBe(404)

  // 24 hours before the first lesson, by the test's clock, the family and the tutor are reminded of it (the
  // minute before, and a lesson confirmed less than a day ahead: tests/unit/lesson-lifecycle.test.ts). The job
  // reminds of every lesson due, so the other project's run of this test may have sent this one already.
  await sendDueRemindersAsAt(new Date(Date.parse(inTime) - 24 * HOUR))
  const [familyReminder] = await mailsWith(family.email, `Reminder: lesson with ${tutor.name}`, 1)
  expect(familyReminder!.text).toContain(`is on ${formatLessonTime(inTime)} (London time).`)
  await mailsWith(tutorAccount.email, 'Reminder: lesson with Fern Family', 1)

  // A fourth request, sent after the tutor's answers: the family withdraws it before anyone answers, so it never was a lesson.
  const withdrawn = slots.find((iso) => ahead(iso) >= 26 * HOUR && ![inTime, byTutor].includes(iso))!
  expect((await request.post(`/tutors/${tutor.id}`, { form: { slot: withdrawn, name: 'Fern Family', email: family.email, message: '' }, headers: { Cookie: family.cookie } })).status()).toBe(200)
  // The family runs its dashboard on a phone, where a step's button is the likeliest to be out of view.
  await page.setViewportSize({ width: 375, height: 667 })
  await logIn(page, family.email)
  const requests = page.getByRole('region', { name: 'Your lesson requests' })
  const waiting = requests.getByRole('listitem').filter({ hasText: 'requested' })
  const withdrawnId = await waiting.locator('input[name="request"]').inputValue()
  await cancelFromDashboard(page, waiting, {
    asks: /Withdraw your request for a lesson with .*Nothing has been booked or paid/,
    done: 'Your request is withdrawn.',
    button: 'Yes, Withdraw the Request',
  })
  await expect(requests.getByText('request withdrawn', { exact: true })).toHaveCount(1)
  await expect(requests.getByText('cancelled', { exact: true })).toHaveCount(0)
  // It never was in anyone's calendar, so it has no calendar file, not even a cancelled one.
  for (const cookie of [family.cookie, tutorAccount.cookie]) expect((await request.get(`/dashboard/lessons/${withdrawnId}.ics`, { headers: { Cookie: cookie } })).status()).toBe(404)

  // The family cancels the first more than 24 hours ahead: cancelled, offered again, everyone told, the refund policy stated.
  await cancelFromDashboard(page, lessonItem(page, calendarOf.get(inTime)!), {
    asks: /at least 24 hours away, so under our cancellation policy you choose a full refund or lesson credit.*5-7 business days/,
    done: "Lesson cancelled. We've e-mailed you; our office will be in touch to arrange your refund or lesson credit.",
  })
  expect(await freeSlots(request, tutor.id)).toContain(inTime)
  const [inTimeMail] = await mailsWith(family.email, `Cancelled: lesson with ${tutor.name}`, 1)
  expect(inTimeMail!.text).toContain('you choose a full refund or lesson credit')
  expect(inTimeMail!.text).toContain('within 5-7 business days')
  expect(calendarOfMail(inTimeMail!).status).toBe('CANCELLED')
  await mailsWith(tutorAccount.email, 'Cancelled: lesson with Fern Family', 1)
  const [officeMail] = await mailsWith(OFFICE_EMAIL, `Cancelled: lesson with ${tutor.name}, `, 1).then((mails) => mails.filter((mail) => mail.text.includes('Fern Family')))
  expect(officeMail!.text).toContain('Please arrange the refund or lesson credit the family chooses.')

  // The second, less than 24 hours ahead: it counts as attended, and the time stays taken.
  await cancelFromDashboard(page, lessonItem(page, calendarOf.get(late)!), {
    asks: /starts in less than 24 hours, so under our cancellation policy it counts as attended/,
    done: "Lesson cancelled. As it was less than 24 hours ahead, it counts as attended; we've e-mailed you the details.",
  })
  await expect(requests.getByText('cancelled late')).toHaveCount(1)
  expect(await freeSlots(request, tutor.id)).not.toContain(late)
  expect((await mailsWith(family.email, `Cancelled late: lesson with ${tutor.name}`, 1))[0]!.text).toContain('the lesson counts as attended, so it is not refunded')
  await mailsWith(tutorAccount.email, 'Cancelled late: lesson with Fern Family', 1)

  // The tutor cancels the third: the family is told, with a refund or a free rebooking.
  await logIn(page, tutorAccount.email)
  await cancelFromDashboard(page, lessonItem(page, calendarOf.get(byTutor)!), {
    asks: /The family and our office will be told, and the family offered a full refund or free rebooking/,
    done: 'Lesson cancelled; the family and our office have been e-mailed.',
  })
  expect(await freeSlots(request, tutor.id)).toContain(byTutor)
  expect((await mailsWith(family.email, `Cancelled by the tutor: lesson with ${tutor.name}`, 1))[0]!.text).toContain('You choose a full refund or free rebooking')

  // The tutor's list shows what became of each.
  const lessons = page.getByRole('region', { name: 'Your lessons' })
  await expect(lessons.getByText('cancelled late')).toHaveCount(1)
  await expect(lessons.getByText('cancelled', { exact: true })).toHaveCount(2)
})
