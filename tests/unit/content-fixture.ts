// A private copy of content/ per test, and a fresh content module reading it.
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, vi } from 'vitest'

const tempDirs: string[] = []

afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

// The content modules read CONTENT_DIR when they load, so each test gets fresh ones.
export async function loadContentModule(contentDir = 'content') {
  vi.resetModules()
  vi.stubEnv('CONTENT_DIR', contentDir)
  ;(globalThis as { __contentCache?: unknown }).__contentCache = undefined
  const [pages, data] = await Promise.all([import('~/content/pages.server'), import('~/content/data.server')])
  return { ...pages, ...data }
}

export async function copyOfContent() {
  const dir = await mkdtemp(path.join(tmpdir(), 'content-'))
  tempDirs.push(dir)
  await cp('content', dir, { recursive: true })
  return dir
}
