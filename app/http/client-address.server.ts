// Who is asking: the address per-client limits count (login, sign-up, forgot-password, the
// confirmation link sent again). remix-serve hands Remix a Request without the socket it came on,
// so the socket's address is taken from Node's own announcement of each request (the documented
// `http.server.request.start` diagnostics channel, published just before the server handles the
// request) and kept in an AsyncLocalStorage for the rest of that request's work (decision 013).
import { AsyncLocalStorage } from 'node:async_hooks'
import { subscribe } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'

import { getEnv } from '~/env.server'

const socketAddress = new AsyncLocalStorage<string | undefined>()

subscribe('http.server.request.start', (message) => {
  socketAddress.enterWith((message as { socket: Socket }).socket.remoteAddress)
})

/** Runs `work` as if its request had come from `address`: for tests, which call actions directly. */
export function fromAddress<T>(address: string, work: () => T): T {
  return socketAddress.run(address, work)
}

/**
 * The client's address. With no proxy in front (TRUST_PROXY unset or 0), the socket's. Behind N
 * trusted proxies (TRUST_PROXY=N), each appends the address it saw to X-Forwarded-For, so the
 * client is the N-th address from the right of that list followed by the socket's; anything
 * further left is whatever the client chose to send. Null only outside a request.
 */
export function clientAddress(request: Request): string | null {
  const socket = socketAddress.getStore()
  const hops = getEnv().trustedProxies
  const forwarded = hops === 0 ? [] : (request.headers.get('X-Forwarded-For') ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  const chain = socket ? [...forwarded, socket] : forwarded
  const client = chain.at(-1 - hops) ?? chain[0]
  return client ? client.slice(0, 64) : null
}
