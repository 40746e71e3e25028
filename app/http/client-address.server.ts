// Who is asking: the address per-client limits count (failed logins, sign-ups, reset and
// confirmation links, stored posts of the public forms). remix-serve hands Remix a Request without the socket it came on,
// so the socket's address is taken from Node's own announcement of each request (the documented
// `http.server.request.start` diagnostics channel, published just before the server handles the
// request) and kept in an AsyncLocalStorage for the rest of that request's work (decision 013).
import { AsyncLocalStorage } from 'node:async_hooks'
import { subscribe } from 'node:diagnostics_channel'
import { isIPv4, isIPv6, type Socket } from 'node:net'

import { getEnv } from '~/env.server'

const socketAddress = new AsyncLocalStorage<string | undefined>()

subscribe('http.server.request.start', (message) => {
  socketAddress.enterWith((message as { socket: Socket }).socket.remoteAddress)
})

/** Runs `work` as if its request had come from `address`: for tests, which call actions directly. */
export function fromAddress<T>(address: string, work: () => T): T {
  return socketAddress.run(address, work)
}

/** The eight groups of an IPv6 address, as the URL parser writes them (lower case, no leading zeros). */
function ipv6Groups(address: string) {
  const written = new URL(`http://[${address}]`).hostname.slice(1, -1)
  const [head = '', tail] = written.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  return [...left, ...Array(tail === undefined ? 0 : 8 - left.length - right.length).fill('0'), ...right]
}

/**
 * The client as limits count it: an IPv4 address (an IPv4-mapped IPv6 one too) as it is, an IPv6
 * address by its /64, the block one household or server is given, whose other addresses it can
 * move to at will; each in one form, however it was written. Anything else is kept as given.
 */
function asClient(address: string) {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : null
  if (mapped !== null && isIPv4(mapped)) return mapped
  const withoutZone = address.split('%')[0] ?? ''
  if (!isIPv6(withoutZone)) return address
  return `${ipv6Groups(withoutZone).slice(0, 4).join(':')}::/64`
}

/**
 * The client's address. With no proxy in front (TRUST_PROXY unset or 0), the socket's. Behind N
 * trusted proxies (TRUST_PROXY=N), each appends the address it saw to X-Forwarded-For, so the
 * client is the N-th address from the right of that list followed by the socket's; anything
 * further left is whatever the client chose to send. Null only outside a request. An IPv6
 * client is its /64 (asClient).
 */
export function clientAddress(request: Request): string | null {
  const socket = socketAddress.getStore()
  const hops = getEnv().trustedProxies
  const forwarded = hops === 0 ? [] : (request.headers.get('X-Forwarded-For') ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  const chain = socket ? [...forwarded, socket] : forwarded
  const client = chain.at(-1 - hops) ?? chain[0]
  return client ? asClient(client.slice(0, 64)) : null
}
