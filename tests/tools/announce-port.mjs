// Loaded into a test server with `node --import`: the server is started on port 0, so the system
// gives it a free port that is its own from that moment (no port is found free, let go and taken
// again later, which another process could take in between), and this says which one on stdout.
import { subscribe } from 'node:diagnostics_channel'

subscribe('tracing:net.server.listen:asyncEnd', ({ server }) => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`test server listening on port ${address.port}`)
})
