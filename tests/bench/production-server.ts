// Starts `remix-serve` on the production build, on loopback and a free port, with
// throwaway data, for the measuring scripts. The caller stops it.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export type ProductionServer = {
  origin: string
  databasePath: string
  process: ChildProcess
  stop: () => Promise<void>
}

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function waitForServer(url: string, attempts = 150) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server at ${url} did not start`)
}

/** `buildPath` lets a script serve another Remix build, such as the bare reference app. */
export async function startProductionServer({ buildPath = 'build/index.js', cwd = process.cwd() } = {}): Promise<ProductionServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'brightwell-measure-'))
  const databasePath = path.join(dataDir, 'site.db')
  const child = spawn(process.execPath, [path.resolve('node_modules/@remix-run/serve/dist/cli.js'), buildPath], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: databasePath,
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  await waitForServer(`${origin}/`)
  return {
    origin,
    databasePath,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
