// One HTTP exchange with node:http rather than fetch: the load scripts must send what a
// browser never would (raw bytes in the path, chunked bodies, any header) and must
// tell a refused connection from a reset one.
import { request, type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'

export type HttpRequest = {
  origin: string
  method: string
  /** Sent as written; raw bytes go as latin1 characters, which Node writes out byte for byte. */
  path: string
  headers?: OutgoingHttpHeaders
  /** Sent with a Content-Length. */
  body?: Buffer
  /** Sent with Transfer-Encoding: chunked instead, so the server cannot know the size up front. */
  chunks?: Buffer[]
  agent?: Agent | false
  timeoutMs?: number
}

export type HttpAnswer = {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  /** The connection ended before the whole answer arrived (e.g. while we were still uploading). */
  cut: boolean
}

export type HttpFailure = { error: string; startedAt: number; failedAt: number }

export type HttpResult = HttpAnswer | HttpFailure

export function isFailure(result: HttpResult): result is HttpFailure {
  return 'error' in result
}

function errorKind(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code
  return code ?? (error instanceof Error ? error.message : String(error))
}

export function send(options: HttpRequest): Promise<HttpResult> {
  const startedAt = performance.now()
  const url = new URL(options.origin)
  return new Promise((resolve) => {
    let settled = false
    const settle = (result: HttpResult) => {
      if (!settled) resolve(result)
      settled = true
    }
    let head: Pick<HttpAnswer, 'status' | 'headers'> | undefined
    const chunks: Buffer[] = []
    const req = request(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers, agent: options.agent },
      (response) => {
        head = { status: response.statusCode ?? 0, headers: response.headers }
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('close', () => settle({ ...head!, body: Buffer.concat(chunks), cut: !response.complete }))
      },
    )
    req.on('error', (error) =>
      settle(head ? { ...head, body: Buffer.concat(chunks), cut: true } : { error: errorKind(error), startedAt, failedAt: performance.now() }),
    )
    if (options.timeoutMs) {
      req.setTimeout(options.timeoutMs, () => req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })))
    }
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk)
      req.end()
    } else {
      if (options.body) req.setHeader('Content-Length', options.body.byteLength)
      req.end(options.body)
    }
  })
}
