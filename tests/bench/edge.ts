// `npm run bench:edge`: the site as it runs beyond one machine, measured side by side in one
// run on loopback: a throwaway PostgreSQL, two app processes on it, and nginx with the repo's
// deploy/nginx.conf in front (its machine-specific lines pointed at this run's ports and
// folders). wrk (50 connections, WRK_SECONDS each, default 10, after a 3 s warm-up of the same
// load, as `npm run bench` does, and a second for the warm-up's last requests) prints req/s and
// p99 for:
//   - `/` through nginx's cache,
//   - the same bytes served by nginx as a static file (the ceiling on this machine),
//   - `/` from one app process directly,
//   - a valid POST /contact through nginx;
// then one app process is killed with SIGKILL mid-load, and the posts answered with success
// are checked against the rows stored; last, 30 posts at once from one client address show
// nginx's limit on posts.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { CONTACT_SUBJECTS } from '~/forms/contact'

import { deployNginxConfig, ensureDebianTool, startNginx } from '../tools/nginx'
import { createDatabase, startPostgres } from '../tools/postgres.mjs'
import { buildSite, freePort, startServer, waitForAnswer, type RunningServer } from '../load/server'

const SECONDS = Number(process.env.WRK_SECONDS ?? 10)
// Unmeasured, before each measurement: the processes compile their hot code, and nginx opens the
// upstream connections the load needs (Node accepts one new connection per event-loop turn, so a
// burst of new connections to a busy process waits turn after turn; decision 009).
const WARM_UP_SECONDS = 3
// wrk stops with a request in flight on each connection, which the app still finishes. Measuring at
// once would count them against the measured run, as 50 more requests the app is still busy with.
const SETTLE_SECONDS = 1
const CONNECTIONS = 50
const BUDGETS = { cacheVsStatic: 0.7, postP99Ms: 150 }

type Wrk = { perSecond: number; p99Ms: number; errors: number; non2xx: number }

function wrk(wrkPath: string, url: string, script?: string): Wrk {
  const run = (seconds: number) => execFileSync(wrkPath, ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []), url], { encoding: 'utf8' })
  run(WARM_UP_SECONDS)
  execFileSync('sleep', [String(SETTLE_SECONDS)])
  const output = run(SECONDS)
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(output)
  const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's'] : NaN
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0)
  return { perSecond, p99Ms, errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0, non2xx }
}

function getRaw(url: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    httpRequest(url, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

/** A client address as a CDN in front of nginx would report it (nginx trusts loopback's X-Forwarded-For). */
const randomClientAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 254)}`

const contactForm = (email: string) =>
  new URLSearchParams({ name: 'Edge Bench', email, subject: CONTACT_SUBJECTS[0], message: 'Do you have a chemistry tutor on Saturdays?' }).toString()

/** Posts valid contact messages (and reads pages) on 50 connections for `seconds`, each post with its own e-mail. */
async function postsWhileKilling(origin: string, seconds: number, killAfterMs: number, kill: () => Promise<void>, runId: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const stopAt = Date.now() + seconds * 1000
  const answered: Record<string, number> = {}
  const confirmed: string[] = []
  const failedPosts: Array<{ email: string; sentAt: number }> = []
  const death = { signalledAt: Infinity, exitedAt: Infinity }
  let sequence = 0
  const send = (method: 'GET' | 'POST', pathname: string, body?: string) =>
    new Promise<number>((resolve) => {
      const client = { 'X-Forwarded-For': randomClientAddress() }
      const headers = body ? { ...client, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } : client
      const request = httpRequest(origin + pathname, { method, agent, headers }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      })
      request.on('error', (error: NodeJS.ErrnoException) => resolve(-1 * (error.code === 'ECONNRESET' ? 1 : 2)))
      request.end(body)
    })
  const killed = new Promise<void>((resolve) =>
    setTimeout(() => {
      death.signalledAt = Date.now()
      void kill().then(() => {
        death.exitedAt = Date.now()
        resolve()
      })
    }, killAfterMs),
  )
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      while (Date.now() < stopAt) {
        const isPost = (sequence + connection) % 2 === 0
        const email = `${runId}-${++sequence}@example.com`
        const sentAt = Date.now()
        const status = isPost ? await send('POST', '/contact', contactForm(email)) : await send('GET', '/tutors/find?subject=science')
        const key = `${isPost ? 'POST /contact' : 'GET /tutors/find'} ${status < 0 ? (status === -1 ? 'ECONNRESET' : 'error') : status}`
        answered[key] = (answered[key] ?? 0) + 1
        if (isPost && status === 200) confirmed.push(email)
        if (isPost && status !== 200) failedPosts.push({ email, sentAt })
      }
    }),
  )
  await killed
  agent.destroy()
  return { answered, confirmed, failedPosts, death }
}

const wrkPath = ensureDebianTool('wrk', 'wrk')
const nginxPath = ensureDebianTool('nginx', 'nginx')
buildSite()
const dir = await mkdtemp(path.join(tmpdir(), 'brightwell-edge-'))
const postgres = await startPostgres()
const servers: RunningServer[] = []
let nginx: ReturnType<typeof startNginx> | undefined
try {
  const databaseUrl = await createDatabase(postgres.url, 'brightwell_edge')
  const sessionSecret = randomBytes(32).toString('hex')
  for (const label of ['app-1', 'app-2']) {
    const workDir = path.join(dir, label)
    await mkdir(workDir)
    // Behind nginx, as deploy/README.md runs them: the client is the address nginx sends.
    servers.push(await startServer({ port: await freePort(), workDir, database: { engine: 'postgres', url: databaseUrl }, sessionSecret, trustedProxies: 1 }))
  }
  const ports = { nginx: await freePort(), static: await freePort(), apps: [Number(new URL(servers[0]!.origin).port), Number(new URL(servers[1]!.origin).port)] as const }
  // The ceiling: the same bytes as the cached page, from a file, by the same nginx.
  const config = await deployNginxConfig(dir, ports, `  server {\n    listen 127.0.0.1:${ports.static} reuseport;\n    root ${dir}/static;\n  }\n`)
  const started = startNginx(nginxPath, config, dir)
  nginx = started
  const edge = `http://127.0.0.1:${ports.nginx}`
  await waitForAnswer(`${edge}/`, () => {
    if (started.process.exitCode !== null) throw new Error(`nginx exited with ${started.process.exitCode}; see its messages above`)
  }).catch(async (error: Error) => {
    throw new Error(`${error.message}\n${await started.errorLog()}`)
  })

  // Fill the cache, then keep the bytes it serves (as wrk asks: no Accept-Encoding) as the static file.
  let cached = await getRaw(`${edge}/`)
  for (let tries = 0; cached.headers['x-cache-status'] !== 'HIT' && tries < 20; tries++) cached = await getRaw(`${edge}/`)
  if (cached.headers['x-cache-status'] !== 'HIT') throw new Error(`nginx does not cache / (X-Cache-Status ${cached.headers['x-cache-status']})`)
  await mkdir(path.join(dir, 'static'))
  await writeFile(path.join(dir, 'static', 'index.html'), cached.body)
  const postScript = path.join(dir, 'post.lua')
  await writeFile(
    postScript,
    // Each post from its own client address, as a CDN in front of nginx would report it: nginx
    // limits posts per client (deploy/nginx.conf), and this measures the app under many clients.
    // Each also has its own e-mail address, as a visitor's would: posts are acknowledged up to the
    // site's hourly ceiling (one address for all had its e-mail budget spent after three posts).
    [
      'wrk.method = "POST"',
      'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"',
      'math.randomseed(os.time())',
      'local run, posts = math.random(1, 1000000000), 0',
      'request = function()',
      '  posts = posts + 1',
      '  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))',
      `  wrk.body = string.gsub("${contactForm('edge-VISITOR@example.com')}", "VISITOR", run .. "-" .. posts)`,
      '  return wrk.format()',
      'end',
      '',
    ].join('\n'),
  )

  console.log(`PostgreSQL, two app processes and nginx with deploy/nginx.conf, on loopback; wrk -t1 -c${CONNECTIONS} -d${SECONDS}s after a ${WARM_UP_SECONDS} s warm-up`)
  const rows: Array<[string, Wrk]> = [
    ['/ through nginx\'s cache', wrk(wrkPath, `${edge}/`)],
    ['the same bytes, nginx static file', wrk(wrkPath, `http://127.0.0.1:${ports.static}/index.html`)],
    ['/ from one app process directly', wrk(wrkPath, `${servers[0]!.origin}/`)],
    ['POST /contact through nginx', wrk(wrkPath, `${edge}/contact`, postScript)],
  ]
  console.log(`\n${'target'.padEnd(38)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'errors'.padStart(8)}${'non-2xx'.padStart(9)}`)
  for (const [label, result] of rows) {
    console.log(`${label.padEnd(38)}${result.perSecond.toFixed(0).padStart(10)}${result.p99Ms.toFixed(1).padStart(10)}${String(result.errors).padStart(8)}${String(result.non2xx).padStart(9)}`)
  }
  const [cache, staticFile, direct, post] = rows.map(([, result]) => result) as [Wrk, Wrk, Wrk, Wrk]
  const cacheVsStatic = cache.perSecond / staticFile.perSecond
  console.log(`\nratios: nginx cache / static file ${cacheVsStatic.toFixed(2)} (budget ≥ ${BUDGETS.cacheVsStatic}); nginx cache / one app process ${(cache.perSecond / direct.perSecond).toFixed(1)}`)

  // Fail-over: one of the two app processes dies mid-load.
  const runId = `edge-${randomBytes(3).toString('hex')}`
  console.log(`\nfail-over: 50 connections for 8 s (posts and searches through nginx), app-1 killed with SIGKILL after 3 s`)
  const { answered, confirmed, failedPosts, death } = await postsWhileKilling(edge, 8, 3000, () => servers[0]!.kill(), runId)
  for (const [key, count] of Object.entries(answered).sort()) console.log(`  ${key.padEnd(34)} x${count}`)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const stored = new Set((await client.query<{ email: string }>('SELECT email FROM contact_messages WHERE email LIKE $1', [`${runId}-%`])).rows.map((row) => row.email))
  await client.end()
  const lost = confirmed.filter((email) => !stored.has(email))
  const storedOfFailed = failedPosts.filter((post) => stored.has(post.email)).length
  // A post sent before app-1's exit was seen may have been in flight on it; one sent later reached nginx
  // when app-1 was gone, and must have gone to app-2.
  const failedBeforeKill = failedPosts.filter((post) => post.sentAt < death.signalledAt).length
  const failedAfterExit = failedPosts.filter((post) => post.sentAt >= death.exitedAt).length
  const errors = Object.entries(answered).filter(([key]) => !/ (200)$/.test(key)).reduce((sum, [, count]) => sum + count, 0)
  console.log(`  posts answered with success: ${confirmed.length}, rows stored for them: ${confirmed.length - lost.length}, lost: ${lost.length}`)
  console.log(`  errors seen: ${errors}; failed posts ${failedPosts.length}, of which ${storedOfFailed} stored anyway (GETs are retried by nginx on the other process)`)
  console.log(`    sent before SIGKILL: ${failedBeforeKill}`)
  console.log(`    sent between SIGKILL and app-1's exit, ${death.exitedAt - death.signalledAt} ms later: ${failedPosts.length - failedBeforeKill - failedAfterExit}`)
  console.log(`    sent after app-1's exit: ${failedAfterExit}`)

  // nginx's limit on posts per client: one address sending 30 posts at once gets its burst of 20.
  const onePostFrom = (index: number) =>
    new Promise<number>((resolve) => {
      const body = contactForm(`${runId}-limit-${index}@example.com`)
      httpRequest(`${edge}/contact`, { method: 'POST', headers: { 'X-Forwarded-For': '10.0.0.99', 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      })
        .on('error', () => resolve(-1))
        .end(body)
    })
  const limited = await Promise.all(Array.from({ length: 30 }, (_, index) => onePostFrom(index)))
  const refusedPosts = limited.filter((status) => status === 429).length
  console.log(`
limit on posts: 30 at once from one client address: ${limited.filter((status) => status === 200).length} answered 200, ${refusedPosts} refused with 429 by nginx (burst 20)`)

  const problems = [
    ...(cacheVsStatic < BUDGETS.cacheVsStatic ? [`nginx's cache served ${cacheVsStatic.toFixed(2)} of the static file's rate (budget ${BUDGETS.cacheVsStatic})`] : []),
    ...(post.p99Ms >= BUDGETS.postP99Ms ? [`POST /contact p99 ${post.p99Ms.toFixed(1)} ms (budget < ${BUDGETS.postP99Ms})`] : []),
    ...(post.errors + post.non2xx > 0 ? [`POST /contact had ${post.errors + post.non2xx} errors`] : []),
    ...(lost.length > 0 ? [`${lost.length} posts answered with success were not stored`] : []),
    ...(Object.keys(answered).some((key) => key.startsWith('GET') && !key.endsWith(' 200')) ? ['a GET failed during the fail-over (nginx should have retried it)'] : []),
    ...(failedAfterExit > 0 ? [`${failedAfterExit} posts sent after app-1 exited failed (only posts in flight on it may)`] : []),
    ...(refusedPosts < 5 ? [`nginx refused only ${refusedPosts} of 30 posts from one client at once (burst 20)`] : []),
  ]
  console.log(problems.length === 0 ? '\nOK: every budget met' : `\nFAILED:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
  process.exitCode = problems.length === 0 ? 0 : 1
} finally {
  await nginx?.stop()
  await Promise.all(servers.map((server) => (server.exit() ? undefined : server.stop())))
  postgres.stop()
  await rm(dir, { recursive: true, force: true })
}
