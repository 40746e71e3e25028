/**
 * Every page is complete, working HTML before any script runs: links are links and every
 * form posts without JavaScript. The scripts only hydrate it. So the browser fetches them
 * once the page has painted, and the first paint never shares a slow connection with
 * them: Remix's preload hints and module script are rendered inert, and a small script
 * turns them back on at the first contentful paint.
 *
 * The elements stay where React expects them, so hydration matches the server's markup.
 */

const MODULE_PRELOAD = '<link rel="modulepreload" href="'
const DEFERRED_MODULE_PRELOAD = '<link data-modulepreload="'
const MODULE_SCRIPT = /<script nonce="([^"]+)" type="module" async="">([\s\S]*?)<\/script>/
const DEFERRED_SCRIPT_TYPE = 'text/x-after-first-paint'
const RUN_AFTER_FIRST_PAINT = `(${runAfterFirstPaint.toString()})(${JSON.stringify(DEFERRED_SCRIPT_TYPE)})`

/** Returns the page with its hydration scripts deferred; a page without them is unchanged. */
export function withHydrationAfterFirstPaint(html: string) {
  const script = MODULE_SCRIPT.exec(html)
  if (!script) return html
  const [element, nonce, code] = script
  const deferred =
    `<script nonce="${nonce}" type="${DEFERRED_SCRIPT_TYPE}" async="">${code}</script>` +
    `<script nonce="${nonce}">${RUN_AFTER_FIRST_PAINT}</script>`
  return html.replace(element, () => deferred).replaceAll(MODULE_PRELOAD, DEFERRED_MODULE_PRELOAD)
}

// Runs in the browser, as an inline script right after the inert module script.
function runAfterFirstPaint(deferredType: string) {
  const loader = document.currentScript as HTMLScriptElement
  const run = () => {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-modulepreload]')) {
      link.href = link.dataset.modulepreload || ''
      link.rel = 'modulepreload'
    }
    const inert = document.querySelector(`script[type="${deferredType}"]`)
    const script = document.createElement('script')
    script.type = 'module'
    script.nonce = loader.nonce
    script.textContent = inert ? inert.textContent : ''
    document.body.append(script)
  }
  // A page loaded out of sight (a background tab, a prerender) paints only when shown;
  // it hydrates straight away, as it does in a browser that does not report paints.
  if (document.visibilityState !== 'visible' || !(PerformanceObserver.supportedEntryTypes || []).includes('paint')) return run()
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    run()
  }).observe({ type: 'paint', buffered: true })
}
