// The one way every action reads what a form sent: a post from another site is refused,
// an oversized or unreadable body is a 4xx (never a 5xx), the honeypot is checked, and the
// fields are parsed by the form's schema into typed values, or into the errors to show.
import type { InferOutput } from 'valibot'

import { HONEYPOT_FIELD } from '~/forms/honeypot'
import { checkForm, readFormInput, type FieldErrors, type FieldOf, type FormSchema } from '~/forms/rules'
import { httpError } from '~/http/responses.server'

const MAX_BODY_BYTES = 64 * 1024
// A refused body is still read to its end, up to this much, before the answer: left unread, it
// blocks the keep-alive connection (Node parses no further request on it), so the client's next
// request hangs until the idle timeout resets the connection, often taking our 413 or 403 with it.
const MAX_DISCARDED_BYTES = 8 * 1024 * 1024

function isCrossSite(request: Request) {
  const fetchSite = request.headers.get('Sec-Fetch-Site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = request.headers.get('Origin')
  if (!origin || origin === 'null') return origin === 'null'
  try {
    return new URL(origin).host !== new URL(request.url).host
  } catch {
    return true
  }
}

// Reads and drops the rest of a body, up to MAX_DISCARDED_BYTES. Past that the reader is
// released, not cancelled: cancelling would destroy the socket before the answer is sent.
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array> | undefined, alreadyRead = 0) {
  let size = alreadyRead
  while (reader && size <= MAX_DISCARDED_BYTES) {
    const { done, value } = await reader.read()
    if (done) return
    size += value.byteLength
  }
  reader?.releaseLock()
}

/** For actions that refuse a request before reading its form: drops the body so the connection stays usable. */
export async function discardBody(request: Request) {
  if (!request.bodyUsed) await discardRest(request.body?.getReader())
}

// Counts the bytes as they arrive, so a body sent without Content-Length is capped too.
async function readBodyWithin(request: Request, limit: number): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = []
  const reader = request.body?.getReader()
  let size = 0
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await discardRest(reader, size)
      throw httpError(413, 'Payload Too Large')
    }
    chunks.push(new Uint8Array(value))
  }
  return new Blob(chunks)
}

/**
 * The action of a route that takes no posts (a file: robots.txt, a calendar, a data copy): a
 * private 405 naming the methods it takes, its body read first. Without an action, Remix answers
 * itself, with no Cache-Control and a body that calls the client's mistake a server error.
 */
export async function refuseAnyPost({ request }: { request: Request }): Promise<never> {
  await discardBody(request)
  throw httpError(405, 'Method Not Allowed', { Allow: 'GET, HEAD' })
}

/** Throws 403 for a post from another site, after reading its body to the end. */
export async function refuseCrossSitePost(request: Request) {
  if (!isCrossSite(request)) return
  await discardBody(request)
  throw httpError(403, 'Cross-site form posts are not accepted')
}

async function readForm(request: Request): Promise<FormData> {
  // Remix runs an action for any method but GET and HEAD; our forms post, and a limit on posts
  // (nginx's, decision 009) must not be passed by sending the same form as a PUT.
  if (request.method !== 'POST') {
    await discardBody(request)
    throw httpError(405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' })
  }
  await refuseCrossSitePost(request)
  const length = Number(request.headers.get('Content-Length') ?? '0')
  if (length > MAX_BODY_BYTES) {
    await discardBody(request)
    throw httpError(413, 'Payload Too Large')
  }
  const body = await readBodyWithin(request, MAX_BODY_BYTES)
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData()
  } catch {
    throw httpError(400, 'Bad Request')
  }
  // Our forms send text only; a field sent as a file would read as missing, and a list field as empty.
  for (const value of form.values()) if (typeof value !== 'string') throw httpError(400, 'Bad Request')
  return form
}

/** What a form gets back when its fields do not pass: each field's error, and what was typed (never a password). */
export type FormReply<Schema extends FormSchema> = {
  fieldErrors: FieldErrors<FieldOf<Schema>>
  values: Partial<Record<FieldOf<Schema>, string | string[]>>
}

export type Submission<Schema extends FormSchema> =
  /** `values` echoes the input, for an answer that must show the form again (a failure on our side). */
  | { status: 'valid'; value: InferOutput<Schema>; values: FormReply<Schema>['values'] }
  | { status: 'invalid'; values: FormReply<Schema>['values']; reply: FormReply<Schema> }
  /** The honeypot was filled: answer as if all went well, and store nothing. */
  | { status: 'spam'; values: FormReply<Schema>['values'] }

// A reply echoes the input so a page reloaded without JavaScript keeps what was typed.
function echo<Schema extends FormSchema>(input: Record<string, string | string[]>): FormReply<Schema>['values'] {
  return Object.fromEntries(Object.entries(input).filter(([name]) => !/password/i.test(name))) as FormReply<Schema>['values']
}

/**
 * Reads the request's form and parses it with `schema`. Throws a Response (405, 403, 413, 400)
 * for a form sent by another method than POST, a post from another site or a body that cannot be
 * read, before anything is parsed.
 */
export async function readSubmission<Schema extends FormSchema>(request: Request, schema: Schema): Promise<Submission<Schema>> {
  const form = await readForm(request)
  const input = readFormInput(schema, form)
  const honeypot = form.get(HONEYPOT_FIELD)
  if (honeypot !== null && honeypot !== '') return { status: 'spam', values: echo(input) }
  const checked = checkForm(schema, input)
  if (checked.success) return { status: 'valid', value: checked.value, values: echo(input) }
  const values = echo<Schema>(input)
  return { status: 'invalid', values, reply: { fieldErrors: checked.fieldErrors, values } }
}
