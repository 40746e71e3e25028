import { existsSync } from 'node:fs'

// Debian's Chromium, with the flags that keep it quiet on a machine without outside network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The whole browser, for what a visitor's browser measures: page timing, Lighthouse, share previews. */
export function chromiumPath() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(`The benchmarks need the whole Chromium browser at ${path}: install Debian's package with \`sudo apt-get install -y chromium\`, or set CHROMIUM_PATH to a Chromium binary.`)
  }
  return path
}

/**
 * The test suite's browser: Debian's Chromium headless shell, the same Blink and V8 without the
 * whole browser's windowing and GPU processes (measured: 128 tests in 5.7 min with the whole
 * browser, 3.5 min with the shell, every one passing with both). Decision 018.
 */
export function testChromiumPath() {
  return process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
}
