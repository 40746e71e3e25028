// A lesson request from an address not proven reaches no tutor or office until its owner follows the
// link e-mailed to it: these follow it, as that owner would.
import type { APIRequestContext, Page } from '@playwright/test'

import { expect } from './fixtures'
import { gotoReady } from './hydrated'
import { linkMailedTo } from './server-data'

/** The path of the link e-mailed to `email` that sends its waiting lesson request. */
export async function lessonRequestLinkTo(email: string) {
  const link = () => linkMailedTo(email, /https?:\/\/\S+\/confirm-lesson-request\?token=[\w-]+/)
  await expect.poll(link).toBeTruthy()
  const url = new URL(link()!)
  return url.pathname + url.search
}

/** Opens the link in `page` and presses its button. */
export async function sendWaitingRequest(page: Page, email: string) {
  await gotoReady(page, await lessonRequestLinkTo(email))
  await page.getByRole('button', { name: 'Send My Request' }).click()
}

/** The same as a post, without a browser. */
export async function sendWaitingRequestByPost(request: APIRequestContext, email: string) {
  const path = await lessonRequestLinkTo(email)
  const token = new URL(path, 'http://site.invalid').searchParams.get('token')!
  expect((await request.post(path, { form: { token } })).status()).toBe(200)
}
