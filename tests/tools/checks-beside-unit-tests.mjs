// `npm test`'s first stage: the type check and the lint, one after the other, run beside the unit
// tests rather than before them. The two checks use about one core, and the unit tests leave part of
// the second idle (measured here: 59 s side by side, 69 s one after the other). The unit tests print
// as they run; the checks' output is held and printed after it, so the two never interleave. The
// stage fails if any of the three does.
import { spawn } from 'node:child_process'

function npmRun(script, { holdOutput }) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: holdOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (code) => resolve({ script, status: code ?? 1, output: Buffer.concat(output).toString() }))
  })
}

async function checks() {
  const results = []
  for (const script of ['typecheck', 'lint']) results.push(await npmRun(script, { holdOutput: true }))
  return results
}

const [checkResults, unitTests] = await Promise.all([checks(), npmRun('test:unit', { holdOutput: false })])
for (const { script, status, output } of checkResults) {
  console.log(`\n> npm run ${script}: ${status === 0 ? 'passed' : `failed (exit code ${status})`}`)
  if (output.trim()) console.log(output.trimEnd())
}
process.exit([...checkResults, unitTests].every(({ status }) => status === 0) ? 0 : 1)
