import { readFileSync } from 'node:fs'

import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
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

test('the answers give the facts of spec §1 and §9 a family asks about @no-js', async ({ page }) => {
  await gotoReady(page, '/students/faqs')
  const answers: Array<[string, string]> = []
  for (const { question } of FAQS) {
    await page.getByText(question, { exact: true }).click()
    await expect(answerOf(page, question)).toBeVisible()
    answers.push([question, await answerOf(page, question).innerText()])
  }
  const answerAbout = (topic: RegExp) => {
    const matching = answers.filter(([question]) => topic.test(question))
    expect(matching, `one question about ${topic}`).toHaveLength(1)
    return matching[0]![1]
  }
  const cancelling = answerAbout(/cancel/i)
  for (const fact of ['at least 24 hours', 'full refund or lesson credit', 'count as attended', '5-7 business days', 'original payment method']) {
    expect(cancelling).toContain(fact)
  }
  expect(answerAbout(/pay/i)).toMatch(/Payment is required before .*major credit (and|or) debit cards.*payment partners.*nothing is charged on the site/s)
  expect(answerAbout(/switch/i)).toContain('each subject')
  expect(answerAbout(/first session/i)).toContain('first tutoring session is free')
  expect(answerAbout(/group/i)).toContain('has 3 or 5 students')
  expect(answerAbout(/online or in person/i)).toMatch(/Online .*in person/s)
  expect(answerAbout(/support/i)).toContain('within 24 hours')
  expect(answerAbout(/safe/i)).toContain('Enhanced DBS check')
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
