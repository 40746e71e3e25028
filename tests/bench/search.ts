// `npm run bench:search`: how fast the tutor search is, as figures (not a test).
// 1. The pure search over 10,000 generated tutors: mean and p99 per query.
// 2. Requests per second for a filtered search page and for /, against the production build.
import { readFileSync } from 'node:fs'
import { Agent, get } from 'node:http'

import * as v from 'valibot'

import { TutorsFile } from '~/content/schema'
import { SEARCH_OPTIONS } from '~/tutors/options'
import { parseSearchParams, runSearch } from '~/tutors/search'
import type { Tutor } from '~/tutors/tutor'

import { prepareSettings, startServer } from '../load/server'

const CATALOGUE_SIZE = 10_000
const QUERIES = 2_000
const LOAD_SECONDS = 5
const CONNECTIONS = 8

function generateCatalogue(samples: Tutor[]): Tutor[] {
  return Array.from({ length: CATALOGUE_SIZE }, (_, index) => {
    const sample = samples[index % samples.length]!
    return { ...sample, id: `${sample.id}-${index}`, name: `${sample.name} ${index}`, rating: 4.6 + ((index * 7) % 4) / 10, pricePerHour: 510 + (index % 166) }
  })
}

function randomSearch(index: number) {
  const pickFrom = <T>(list: readonly T[]) => list[(index * 31 + list.length) % (list.length + 1)]
  const params = new URLSearchParams()
  const subject = pickFrom(SEARCH_OPTIONS.subjects)
  const level = pickFrom(SEARCH_OPTIONS.levels)
  const availability = pickFrom(SEARCH_OPTIONS.availability)
  const rating = pickFrom(SEARCH_OPTIONS.ratings)
  const sort = pickFrom(SEARCH_OPTIONS.sorts)
  if (subject) params.set('subject', subject.value)
  if (level) params.set('level', level.value)
  if (availability && index % 3 === 0) params.set('availability', availability.value)
  if (rating) params.set('rating', rating.value)
  if (sort) params.set('sort', sort.value)
  if (index % 5 === 0) params.set('q', ['physics', 'camden', 'algebra', 'shakespeare', 'a'][index % 5]!)
  return parseSearchParams(params)
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

function benchPureSearch() {
  const samples = v.parse(TutorsFile, JSON.parse(readFileSync('content/tutors/tutors.json', 'utf8')))
  const catalogue = generateCatalogue(samples)
  const now = new Date()
  for (let index = 0; index < 50; index++) runSearch(catalogue, randomSearch(index), now)
  const times: number[] = []
  for (let index = 0; index < QUERIES; index++) {
    const filters = randomSearch(index)
    const started = performance.now()
    runSearch(catalogue, filters, now)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length
  console.log(`pure search over ${CATALOGUE_SIZE.toLocaleString('en-GB')} tutors, ${QUERIES} mixed queries:`)
  console.log(`  mean ${mean.toFixed(2)} ms   p50 ${percentile(times, 50).toFixed(2)} ms   p99 ${percentile(times, 99).toFixed(2)} ms   max ${times.at(-1)!.toFixed(2)} ms`)
}

function fetchOnce(agent: Agent, url: string) {
  return new Promise<number>((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    }).on('error', reject)
  })
}

async function measure(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  for (let warm = 0; warm < 50; warm++) await fetchOnce(agent, url)
  let done = 0
  let failed = 0
  const latencies: number[] = []
  const until = performance.now() + LOAD_SECONDS * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now()
        const status = await fetchOnce(agent, url)
        latencies.push(performance.now() - started)
        if (status === 200) done++
        else failed++
      }
    }),
  )
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { perSecond: done / LOAD_SECONDS, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

async function benchServer() {
  const server = await startServer(await prepareSettings('bench-search'))
  try {
    console.log(`production server, ${CONNECTIONS} keep-alive connections, ${LOAD_SECONDS} s each, no compression requested:`)
    for (const url of ['/tutors/find?subject=science&level=alevel', '/']) {
      const result = await measure(`${server.origin}${url}`)
      console.log(
        `  ${url.padEnd(44)} ${result.perSecond.toFixed(0).padStart(5)} req/s   p50 ${result.p50.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms${result.failed ? `   ${result.failed} failed` : ''}`,
      )
    }
  } finally {
    await server.stop()
  }
}

benchPureSearch()
await benchServer()
