import { expect, test, vi } from 'vitest'

// Text that compresses about as badly as a page's scripts and markup do not, so the budget fills fast.
function page(index: number) {
  return `<html><body>${index}:${Array.from({ length: 12_000 }, (_, n) => ((n * 7919 + index * 104_729) % 65_521).toString(36)).join(' ')}</body></html>`
}

test('the page cache keeps at most its budget of bytes; the least recently used pages leave first', async () => {
  vi.resetModules()
  const { getOrRenderPage, pageCacheBytes } = await import('~/http/page-cache.server')
  let renders = 0
  const render = (index: number) => async () => {
    renders++
    return page(index)
  }
  await getOrRenderPage('first', render(0))
  for (let index = 1; index <= 220; index++) {
    await getOrRenderPage(`page-${index}`, render(index))
    // The first page is used again and again, so it stays.
    await getOrRenderPage('first', render(0))
  }
  expect(renders).toBe(221)
  expect(pageCacheBytes()).toBeLessThanOrEqual(16 * 1024 * 1024)
  expect(pageCacheBytes()).toBeGreaterThan(12 * 1024 * 1024)
  await getOrRenderPage('first', render(0))
  expect(renders).toBe(221)
  await getOrRenderPage('page-1', render(1))
  expect(renders).toBe(222)
})

test('a page whose render fails is not kept, and the next request renders it again', async () => {
  vi.resetModules()
  const { getOrRenderPage } = await import('~/http/page-cache.server')
  expect(await getOrRenderPage('broken', async () => null)).toBeNull()
  expect((await getOrRenderPage('broken', async () => '<p>fixed</p>'))?.identity.toString()).toBe('<p>fixed</p>')
})
