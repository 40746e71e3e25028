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

export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
}
