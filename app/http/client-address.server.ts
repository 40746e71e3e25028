import { getEnv } from '~/env.server'

/**
 * The client's address as the deployment's proxy reports it (TRUST_PROXY=1), or null.
 * The proxy appends the address it saw to X-Forwarded-For, so the right-most entry is
 * the one to trust; entries to its left are whatever the client chose to send. remix-serve
 * does not expose the socket address, so without a trusted proxy there is none.
 */
export function clientAddress(request: Request): string | null {
  if (!getEnv().trustProxy) return null
  const added = request.headers.get('X-Forwarded-For')?.split(',').at(-1)?.trim()
  return added ? added.slice(0, 64) : null
}
