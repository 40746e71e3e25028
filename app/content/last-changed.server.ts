// When content files last changed, for the sitemap's `lastmod`: from git's history where the
// site runs from a clone (a checkout gives every file the same modification time), else from the
// file's own time. Read once per process, in one `git log`.
import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import { contentRoot } from '~/content/data.server'

const run = promisify(execFile)

async function readGitDates(): Promise<Map<string, string>> {
  const dates = new Map<string, string>()
  try {
    const { stdout } = await run('git', ['log', '--format=%x00%cI', '--name-only', '--', '.'], { cwd: contentRoot, maxBuffer: 32 * 1024 * 1024 })
    const { stdout: top } = await run('git', ['rev-parse', '--show-toplevel'], { cwd: contentRoot })
    const root = top.trim()
    // Newest commit first: the first date seen for a file is its last change.
    for (const entry of stdout.split('\0').slice(1)) {
      const [date = '', ...files] = entry.split('\n').filter(Boolean)
      for (const file of files) {
        const absolute = path.join(root, file)
        if (!dates.has(absolute)) dates.set(absolute, new Date(date).toISOString())
      }
    }
  } catch {
    // Not a clone, or no git: each file's own time stands in.
  }
  return dates
}

let gitDates: Promise<Map<string, string>> | null = null

/** When `file` (absolute, under the content folder) last changed, as an ISO date-time; null when it cannot be told. */
async function lastChanged(file: string): Promise<string | null> {
  gitDates ??= readGitDates()
  const fromGit = (await gitDates).get(file)
  if (fromGit) return fromGit
  return stat(file).then(
    (info) => info.mtime.toISOString(),
    () => null,
  )
}

/** When the newest of `files` last changed; null when none can be told. */
export async function lastChangedOf(files: readonly string[]): Promise<string | null> {
  const dates = (await Promise.all([...new Set(files)].map(lastChanged))).filter((date) => date !== null)
  // ISO date-times of one form sort as text.
  return dates.length === 0 ? null : dates.sort().at(-1)!
}
