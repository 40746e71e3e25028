// A lesson's clock: when it ends, whether cancelling now is in time under the policy (spec §9),
// when its reminder is due, and when it counts as taught. Every function takes the time it
// judges by, so tests set it.
import type { CancellationOf } from '~/db/account-records.server'
import type { LessonRequest } from '~/db/lessons.server'
import { isWithdrawnRequest, type LessonStatus } from '~/db/schema'
import { RULES } from '~/site'

const HOUR_MS = 60 * 60_000

export function lessonEnd(slotStart: string) {
  return new Date(Date.parse(slotStart) + RULES.lessonMinutes * 60_000)
}

/** Cancelling at least the window ahead is in time (refund or credit); later, the lesson counts as attended. */
export function isCancellationInTime(slotStart: string, now: Date) {
  return Date.parse(slotStart) - now.getTime() >= RULES.cancellationWindowHours * HOUR_MS
}

/** How a lesson is cancelled at `now` when its family leaves (deletes its account): late within the window, as by the family's own hand. */
export function cancellationAt(now: Date): CancellationOf {
  return (lesson) => (isCancellationInTime(lesson.slotStart, now) ? 'cancelled' : 'late-cancelled')
}

/** When a lesson confirmed at `confirmedAt` is reminded of: the window before it, or never when confirmed later than that. */
export function reminderTime(slotStart: string, confirmedAt: Date): Date | null {
  const due = new Date(Date.parse(slotStart) - RULES.reminderHoursBefore * HOUR_MS)
  return due.getTime() >= confirmedAt.getTime() ? due : null
}

/**
 * What a lesson is now: its stored status, except that a confirmed lesson whose end has passed was
 * taught, a request nobody answered before its time went unanswered (it can no longer be confirmed),
 * and a request the family withdrew before anyone answered it never was a lesson to cancel.
 */
export type LessonStage = LessonStatus | 'taught' | 'unanswered' | 'withdrawn'

export function lessonStage(lesson: Pick<LessonRequest, 'status' | 'slotStart' | 'decidedAt'>, now: Date): LessonStage {
  const { status, slotStart } = lesson
  if (status === 'confirmed' && lessonEnd(slotStart).getTime() <= now.getTime()) return 'taught'
  if (status === 'requested' && Date.parse(slotStart) <= now.getTime()) return 'unanswered'
  if (isWithdrawnRequest(lesson)) return 'withdrawn'
  return status
}
