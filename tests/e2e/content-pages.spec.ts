import { readFileSync } from 'node:fs'

import type { Page } from '@playwright/test'

import { COMPANY, SITE } from '../../app/site'

import { expect, test } from './fixtures'

// Each page group must state the facts of spec §1, §2 and §9 exactly as the spec writes them.

async function openMain(page: Page, path: string) {
  await page.goto(path)
  return page.getByRole('main')
}

async function expectTexts(page: Page, path: string, texts: Array<string | RegExp>) {
  const main = await openMain(page, path)
  for (const text of texts) await expect(main, `${path} shows ${text}`).toContainText(text)
  return main
}

async function expectLinks(page: Page, path: string, hrefs: string[]) {
  const main = await openMain(page, path)
  for (const href of hrefs) {
    await expect(main.locator(`a[href="${href}"]`).first(), `${path} links to ${href}`).toBeVisible()
  }
}

test.describe('about, pillars and trust', () => {
  test('/about states the claims of spec §1', async ({ page }) => {
    await expectTexts(page, '/about', [
      '500+', 'verified tutors', '10,000+', 'students helped', '50,000+', 'lessons completed', '4.9/5', 'average rating',
      'Trusted by 10,000+ students', '24/7', 'London, UK',
    ])
    await expect(page.getByRole('main').getByRole('heading', { name: /safe/i }).first()).toBeVisible()
  })

  test('/pillars has the four pillars as headings and calls to action to /tutors and /about', async ({ page }) => {
    await page.goto('/pillars')
    await expect(page).toHaveTitle('Our Pillars | Brightwell Tutoring')
    for (const pillar of ['Mission & Values', 'Safety & Security', 'Quality & Excellence', 'Innovation & Technology']) {
      await expect(page.getByRole('heading', { name: pillar, level: 2 })).toBeVisible()
    }
    await expectLinks(page, '/pillars', ['/tutors', '/about'])
  })

  test('/trust-and-safety lists the vetting process, 24/7 support and the policies', async ({ page }) => {
    await expectTexts(page, '/trust-and-safety', [
      'ID and qualification verification', 'Background and reference checks', 'Interview and demo lesson review',
      'Criminal record screening', 'Enhanced DBS check', 'Ongoing feedback', '24/7',
    ])
    await expectLinks(page, '/trust-and-safety', ['/cancellation-and-refund', '/privacy', '/terms', '/cookies', '/safeguarding'])
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
  })
})

test.describe('subjects', () => {
  test('/subjects shows the five subjects of spec §1 as cards linking to their pages, and both curricula', async ({ page }) => {
    const main = await expectTexts(page, '/subjects', [
      'Grades K-12', 'Honors', 'AP', 'IB', 'SAT/ACT', 'Key Stages', 'GCSE', 'A-Level', 'IGCSE', 'University entrance',
    ])
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
    const cards: Array<[string, string]> = [
      ['Science', '/science'],
      ['Mathematics', '/math'],
      ['English and Literacy', '/english'],
      ['Business and Economics', '/subjects/business-economics'],
      ['Computer Science and ICT', '/subjects/computer-science'],
    ]
    for (const [name, href] of cards) {
      await expect(main.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href)
    }
  })

  test('each subject page names its topics and sends visitors to the search filtered for it', async ({ page }) => {
    const subjects: Array<[string, string[], string]> = [
      ['/science', ['Physics', 'Chemistry', 'Biology', 'GCSE', 'A-Level'], '/tutors/find?subject=science'],
      ['/math', ['Algebra', 'Calculus', 'GCSE', 'A-Level'], '/tutors/find?subject=math'],
      ['/english', ['Language', 'Literature', 'Grammar', 'Writing'], '/tutors/find?subject=english'],
      ['/english-detailed', ['Key Stage', 'GCSE', 'A-Level'], '/tutors/find?subject=english'],
      ['/early-literacy', ['Literacy', 'phonics'], '/tutors/find?subject=english&level=primary'],
    ]
    for (const [path, topics, search] of subjects) {
      await expectTexts(page, path, topics)
      await expectLinks(page, path, [search])
    }
  })

  test('/english is the overview and /english-detailed the curriculum; each links to the other', async ({ page }) => {
    await expectLinks(page, '/english', ['/english-detailed'])
    await expectLinks(page, '/english-detailed', ['/english'])
    await page.goto('/english')
    const overview = await page.getByRole('main').innerText()
    await page.goto('/english-detailed')
    const detailed = await page.getByRole('main').innerText()
    expect(detailed).not.toBe(overview)
    await expect(page.getByRole('main').getByRole('table').first()).toBeVisible()
  })

  test('Business and Computer Science have real pages', async ({ page }) => {
    await expectTexts(page, '/subjects/business-economics', ['Economics', 'GCSE', 'A-Level'])
    await expectTexts(page, '/subjects/computer-science', ['Computer Science', 'GCSE', 'A-Level'])
  })
})

test.describe('services, booking, cancellation and pricing', () => {
  test('/services covers one-on-one, paid groups of 3 and 5, free open classes, subjects, pricing and booking', async ({ page }) => {
    await expectTexts(page, '/services', [/one-on-one/i, 'has 3 or 5 students', /free open (group )?classes/i])
    await expectLinks(page, '/services', ['/subjects', '/pricing', '/services/how-booking-works'])
  })

  test('/services/how-booking-works has six steps, what happens next and tips', async ({ page }) => {
    const main = await expectTexts(page, '/services/how-booking-works', ['a small group of 3 or 5,', '15 minutes', /webcam/i, /microphone/i, /nothing is charged on the site/i, /a reminder 24 hours before the lesson starts/i, /calendar file/i])
    await expect(main.getByRole('list').filter({ hasText: 'Find your tutor' }).getByRole('listitem')).toHaveCount(6)
    await expect(main.getByRole('heading', { name: /what happens next/i })).toBeVisible()
  })

  test('/cancellation-and-refund states the 24-hour window and 5-7 business-day refunds', async ({ page }) => {
    await expectTexts(page, '/cancellation-and-refund', [
      '24 hours', /full refund/i, /lesson credit/i, /counts as attended/i, '5-7 business days', /original payment method/i, /your dashboard lists each lesson with a Cancel button/i,
    ])
  })

  test('/how-it-works has three steps and the benefits', async ({ page }) => {
    const main = await openMain(page, '/how-it-works')
    await expect(main.getByRole('list').filter({ hasText: 'Tell us what you need' }).getByRole('listitem')).toHaveCount(3)
    await expect(main.getByRole('heading', { name: /benefits|why/i }).first()).toBeVisible()
  })

  test('/pricing shows the plans, the packs of spec §9 and how payment works', async ({ page }) => {
    await expectTexts(page, '/pricing', [
      'One-on-One', 'Small Group of 3', 'Small Group of 5', 'Free Open Classes', /first (tutoring )?session (is )?free/i,
      '5-lesson pack', 'Save 10%', '10-lesson pack', 'Save 15%', 'Valid for 6 months',
      /payment is required before booking/i, /major credit or debit cards?/i, /payment partners/i, /nothing is charged on the site/i,
    ])
    await expect(page.getByRole('main').getByRole('group').filter({ hasText: /when do i pay/i })).toBeVisible()
  })

  test('the plan cards on /, /services and /pricing read their prices in plain order', async ({ page }) => {
    for (const path of ['/', '/services', '/pricing']) {
      const main = await openMain(page, path)
      const cardOf = (name: string) => main.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) }).first()
      await expect(cardOf('One-on-One'), path).toContainText(/from P\d+ per hour/)
      await expect(cardOf('Small Group of 3'), path).toContainText(/P\d+ per student, per hour/)
      await expect(cardOf('Free Open Classes'), path).toContainText('Free, always')
    }
  })
})

test.describe('tutors and students', () => {
  test('/tutors recruits: requirements of spec §9, vetting, testimonials and the way to apply', async ({ page }) => {
    await expectTexts(page, '/tutors', ['At least 1 year of experience', /laptop or desktop/i, /webcam/i, /microphone/i, 'Enhanced DBS check'])
    await expect(page.getByRole('main').getByRole('blockquote').first()).toBeVisible()
    await expectLinks(page, '/tutors', ['/tutors/apply', '/tutors/find'])
  })

  test('/tutors/apply explains applying and the tutor dashboard after approval: availability and requests, not payments', async ({ page }) => {
    await expectTexts(page, '/tutors/apply', ['tutor account', /set (your )?availability/i, /answer lesson requests/i, /Payments are not on your dashboard/i])
  })

  test('/students links to sign-up, the tutor search and the FAQs', async ({ page }) => {
    await expectLinks(page, '/students', ['/signup', '/tutors/find', '/students/faqs'])
  })

  // Spec §2's three steps; the middle one, "complete profile", is taken at /account (issue 28).
  test('/students/join: free account, open classes, progress, scheduling, three steps, no credit card', async ({ page }) => {
    const main = await expectTexts(page, '/students/join', [
      'No credit card required', /free account/i, /open classes/i, /progress/i, /flexible/i,
      'Create your account', 'Complete your profile', 'Start learning',
    ])
    await expect(main.locator('a[href="/signup"]').first()).toBeVisible()
    await expect(main.locator('a[href="/account"]')).toHaveText('Complete your profile')
  })

  test('/contact has the side panel of spec §2', async ({ page }) => {
    const main = await expectTexts(page, '/contact', [
      'support@brightwelltutoring.co.uk', 'within 24 hours on business days',
      'Mon-Fri', '9:00 AM-6:00 PM', 'Sat', '10:00 AM-4:00 PM', 'Sun', /closed/i,
    ])
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
    const quickLinks = main.getByRole('navigation', { name: 'Quick links' })
    for (const href of ['/services', '/about', '/pricing', '/tutors']) {
      await expect(quickLinks.locator(`a[href="${href}"]`)).toBeVisible()
    }
  })
})

test.describe('legal and help pages', () => {
  test('/privacy explains under UK GDPR what the forms store, why, for how long, and your rights', async ({ page }) => {
    await expectTexts(page, '/privacy', ['UK GDPR', /newsletter/i, /contact/i, /how long/i, /right/i, /Information Commissioner/i])
  })

  test('/cookies lists the cookies the site sets', async ({ page }) => {
    const main = await openMain(page, '/cookies')
    const table = main.getByRole('table', { name: 'Cookies this site sets' })
    await expect(table.getByRole('rowheader', { name: 'promo_dismissed' })).toBeVisible()
    await expect(table.getByRole('rowheader', { name: 'flash' })).toBeVisible()
  })

  test('the footer links Help, Contact, Safety and the legal pages to real pages', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    const expected: Array<[string, string]> = [
      ['Help & FAQs', '/students/faqs'],
      ['Contact Us', '/contact'],
      ['Trust & Safety', '/trust-and-safety'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Cookies', '/cookies'],
    ]
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
  })
})

// Issue 8's trust pack. Company details, addresses and the pack validity are sample or
// editable values, so they are read from site config and the pricing data, not typed out.
test.describe('the UK trust pack', () => {
  const pricing = JSON.parse(readFileSync(new URL('../../content/data/pricing.json', import.meta.url), 'utf8')) as { packValidMonths: number }

  /** Follows a report button and checks the contact form opens with `subject` chosen. */
  async function expectReportButton(page: Page, path: string, name: string, subject: string) {
    await page.goto(path)
    await page.getByRole('main').getByRole('link', { name }).click()
    await expect(page).toHaveURL(/\/contact\?subject=/)
    await expect(page.getByLabel('Subject')).toHaveValue(subject)
  }

  test('/safeguarding names the DSL role, how to reach them, emergency numbers and a report button @no-js', async ({ page }) => {
    const main = await expectTexts(page, '/safeguarding', [
      'Designated Safeguarding Lead', 'Enhanced DBS', '999', 'NSPCC', '0808 800 5000', 'Childline', '0800 1111', /record/i,
    ])
    await expect(main.getByRole('link', { name: SITE.safeguardingEmail }).first()).toHaveAttribute('href', `mailto:${SITE.safeguardingEmail}`)
    await expectReportButton(page, '/safeguarding', 'Report a safeguarding concern', 'Safeguarding concern')
  })

  test('/accessibility targets WCAG 2.2 AA and says how we test, what falls short, how to report and who enforces @no-js', async ({ page }) => {
    await expectTexts(page, '/accessibility', [
      /WCAG\)? version 2\.2, level AA/, /axe/, /keyboard/i, /Lighthouse/, /not yet accessible/i,
      'Equality Advisory and Support Service', '22 November 2026',
    ])
    await expectReportButton(page, '/accessibility', 'Report an accessibility problem', 'Accessibility problem')
  })

  test('/reviews-policy says what the rating shows, that there are no written reviews, and rules out rewarded ratings @no-js', async ({ page }) => {
    await expectTexts(page, '/reviews-policy', [
      /one rating out of 5/, 'We do not publish written reviews', /never pay or reward anyone for a rating/i, /money, discounts, free lessons/,
      'Tutors cannot set their own rating', 'Digital Markets, Competition and Consumers Act 2024', 'Competition and Markets Authority',
    ])
    await expectReportButton(page, '/reviews-policy', 'Question a rating', 'Question a rating')
  })

  test('/terms: the 14-day right to cancel, one pack validity from the pricing data, no automatic renewal @no-js', async ({ page }) => {
    await expectTexts(page, '/terms', [
      'Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013', '14 days',
      /pay for any lessons you have already had/i, `valid for ${pricing.packValidMonths} months`,
      /never renew automatically/i, /no subscription/i, COMPANY.name, COMPANY.number,
    ])
    await expectLinks(page, '/terms', ['/cancellation-and-refund'])
  })

  test('the footer shows the company details from site config and links the new pages @no-js', async ({ page }) => {
    for (const path of ['/', '/reviews-policy']) {
      await page.goto(path)
      const footer = page.getByRole('contentinfo')
      for (const detail of Object.values(COMPANY)) await expect(footer, `${path} footer shows ${detail}`).toContainText(detail)
      await expect(footer.getByRole('link', { name: 'Accessibility', exact: true })).toHaveAttribute('href', '/accessibility')
      await expect(footer.getByRole('link', { name: 'Reviews Policy', exact: true })).toHaveAttribute('href', '/reviews-policy')
    }
  })
})
