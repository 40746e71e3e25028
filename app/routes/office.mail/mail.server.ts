// /office/mail: every automatic e-mail, queued, sent or failed (issue 29), and sending a failed one again.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { listMail, requeueFailedMail } from '~/db/mail-queue.server'
import { MAIL_STATUSES } from '~/db/schema'
import { RetryMailSchema } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { wakeMailSender } from '~/mail/mail.server'
import { OFFICE_NOTICES } from '~/messages/office'
import { listQuery, requireStaff } from '~/office/office.server'

export type RetryReply = { requeued?: string; refusal?: string }

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { status, page } = listQuery(request, MAIL_STATUSES)
  return json({ status, listing: await listMail(status, page) })
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request)
  const submission = await readSubmission(request, RetryMailSchema)
  if (submission.status !== 'valid') return json<RetryReply>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const address = await requeueFailedMail(submission.value.mail, new Date())
  if (!address) return json<RetryReply>({ refusal: OFFICE_NOTICES.mailNotFailed }, { status: 409 })
  wakeMailSender()
  return json<RetryReply>({ requeued: OFFICE_NOTICES.mailRequeued(address) })
}
