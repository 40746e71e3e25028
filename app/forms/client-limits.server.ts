// What one client may ask of us in an hour (issue 26): sign-ups, reset links, confirmation links sent
// again, and stored posts of the public forms, which each tell the office by e-mail and may take a
// class place. Generous enough for a school or a library, where many families share one address;
// not enough for a script to fill the office's inbox or book out the timetable.
import { recordAttemptUnlessThrottled, THROTTLE_LIMITS } from '~/db/throttle.server'
import { clientAddress } from '~/http/client-address.server'

const PER_CLIENT = {
  'sign-up': THROTTLE_LIMITS.signupsPerClient,
  'reset link': THROTTLE_LIMITS.resetRequestsPerClient,
  'confirmation link': THROTTLE_LIMITS.confirmationResendsPerClient,
  'stored post': THROTTLE_LIMITS.storedPostsPerClient,
} as const

/** Counts one `kind` for the request's client; true, counting nothing, when its client has had its share this hour. */
export async function isOverClientLimit(request: Request, kind: keyof typeof PER_CLIENT) {
  const client = clientAddress(request)
  return (await recordAttemptUnlessThrottled([[client && `client:${client}:${kind}`, PER_CLIENT[kind]]])) === null
}
