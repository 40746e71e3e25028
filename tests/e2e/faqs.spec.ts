import { readFileSync } from 'node:fs'

import { expect, test, type Page } from '@playwright/test'

import { gotoReady } from './hydrated'

// The editors' file is the list of questions; the page must show exactly these.
const { students: FAQS } = JSON.parse(readFileSync('content/data/faqs.json', 'utf8')) as {
  students: Array<{ question: string }>
}

function faqItem(page: Page, question: string) {
  return page.getByRole('main').getByRole('group').filter({ hasText: question })
}

function answerOf(page: Page, question: string) {
  return faqItem(page, question).getByRole('paragraph')
}

test('the students FAQ asks 8 questions, all closed at first @no-js', async ({ page }) => {
  await page.goto('/students/faqs')
  expect(FAQS).toHaveLength(8)
  for (const { question } of FAQS) {
    await expect(faqItem(page, question)).toBeVisible()
    await expect(answerOf(page, question)).toBeHidden()
  }
  const main = page.getByRole('main')
  for (const href of ['/contact', '/signup', '/tutors/find']) {
    await expect(main.locator(`a[href="${href}"]`).first(), `links to ${href}`).toBeVisible()
  }
})

test('without JavaScript every answer can be opened @no-js-only', async ({ page }) => {
  await page.goto('/students/faqs')
  for (const { question } of FAQS) {
    await page.getByText(question, { exact: true }).click()
    await expect(answerOf(page, question)).toBeVisible()
  }
})

test('one answer is open at a time, and clicking the open one closes it @no-js', async ({ page }) => {
  await gotoReady(page, '/students/faqs')
  const [first, second] = [FAQS[0]!.question, FAQS[1]!.question]
  await page.getByText(first, { exact: true }).click()
  await expect(answerOf(page, first)).toBeVisible()
  await page.getByText(second, { exact: true }).click()
  await expect(answerOf(page, second)).toBeVisible()
  await expect(answerOf(page, first)).toBeHidden()
  await page.getByText(second, { exact: true }).click()
  for (const { question } of FAQS) await expect(answerOf(page, question)).toBeHidden()
})

test('the accordion works from the keyboard @no-js', async ({ page }) => {
  await gotoReady(page, '/students/faqs')
  const [first, second] = [FAQS[0]!.question, FAQS[1]!.question]
  await page.getByText(first, { exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(answerOf(page, first)).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByText(second, { exact: true })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(answerOf(page, second)).toBeVisible()
  await expect(answerOf(page, first)).toBeHidden()
  await page.keyboard.press('Space')
  await expect(answerOf(page, second)).toBeHidden()
})
