// What every office loader and action starts with: the staff member, checked on the server
// (signed out: to the login page; another role: 403), and the list's filter from the URL.
import { requireRole } from '~/accounts/session.server'
import type { Staff } from '~/db/office.server'
import { httpError } from '~/http/responses.server'

export async function requireStaff(request: Request): Promise<Staff> {
  const user = await requireRole(request, ['staff'])
  return { userId: user.id, name: user.name }
}

/** A list's status and page from its URL; an unknown status counts as none. */
export function listQuery<Status extends string>(request: Request, statuses: readonly Status[]) {
  const params = new URL(request.url).searchParams
  const status = statuses.find((candidate) => candidate === params.get('status'))
  const page = Number(params.get('page'))
  return { status, page: Number.isInteger(page) && page > 0 ? Math.min(page, 100_000) : 1 }
}

/** An item's id from its URL, or 404. */
export function itemId(raw: string | undefined) {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw httpError(404, 'Not Found')
  return Number(raw)
}

