// Loaded into a test server with `node --import`: the server is started on port 0, so the system
// gives it a free port that is its own from that moment (no port is found free, let go and taken
// again later, which another process could take in between), and this says which one on stdout.
import { subscribe } from 'node:diagnostics_channel'

subscribe('tracing:net.server.listen:asyncEnd', ({ server }) => {
  // Node closes a connection idle for 5 s. A browser that sends on one at that very moment sends
  // again on a new one; Playwright's request client does not, and a test's POST after a 5 s pause
  // failed once with "socket hang up". In production nginx's keep-alive is shorter than Node's
  // (deploy/nginx.conf), so it never meets this; here the servers keep idle connections longer
  // than any test runs.
  server.keepAliveTimeout = 120_000
  const address = server.address()
  if (address && typeof address === 'object') console.log(`test server listening on port ${address.port}`)
})
