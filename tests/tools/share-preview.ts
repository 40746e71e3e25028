// `npm run share-preview -- http://127.0.0.1:3000 / /classes …`: what a chat app shows for a pasted link,
// drawn from the page's own Open Graph tags and image at phone width (375 px), one PNG per page in
// docs/share-previews/. A look at the share cards as a visitor meets them, not a test.
import { mkdir } from 'node:fs/promises'

import { chromium } from '@playwright/test'

import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'

const [origin, ...paths] = process.argv.slice(2)
if (!origin || paths.length === 0) {
  console.error('usage: npm run share-preview -- <origin of a running site> <path> [path …]')
  process.exit(1)
}

const decode = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;')

function tag(html: string, property: string) {
  const content = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]
  if (content === undefined) throw new Error(`no ${property}`)
  return decode(content)
}

await mkdir('docs/share-previews', { recursive: true })
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
const page = await browser.newPage({ viewport: { width: 375, height: 640 }, deviceScaleFactor: 2 })
for (const path of paths) {
  const html = await (await fetch(new URL(path, origin))).text()
  const image = new URL(tag(html, 'og:image'))
  // The tags name the site's public address; the image is fetched from the site running here.
  const png = Buffer.from(await (await fetch(new URL(image.pathname + image.search, origin))).arrayBuffer())
  await page.setContent(`<!doctype html><html><body style="margin:0;padding:16px;background:#e5ddd5;font-family:system-ui,sans-serif">
    <div id="card" style="max-width:320px;margin-left:auto;background:#dcf8c6;border-radius:10px;padding:4px;box-shadow:0 1px 1px rgba(0,0,0,.15)">
      <div style="background:#f0f0f0;border-radius:8px;overflow:hidden">
        <img alt="${escape(tag(html, 'og:image:alt'))}" src="data:image/png;base64,${png.toString('base64')}" style="display:block;width:100%;aspect-ratio:1200/630">
        <div style="padding:8px 10px">
          <div style="font-weight:600;font-size:14px;color:#111">${escape(tag(html, 'og:title'))}</div>
          <div style="font-size:13px;color:#555;margin-top:2px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden">${escape(tag(html, 'og:description'))}</div>
          <div style="font-size:12px;color:#888;margin-top:4px">${escape(new URL(tag(html, 'og:url')).host)}</div>
        </div>
      </div>
      <div style="font-size:14px;color:#0645ad;padding:6px 6px 2px;word-break:break-all">${escape(tag(html, 'og:url'))}</div>
    </div></body></html>`)
  const file = `docs/share-previews/${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}.png`
  await page.locator('#card').screenshot({ path: file })
  console.log(`${path} -> ${file}`)
}
await browser.close()
