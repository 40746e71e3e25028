// Keyboard-only journeys: every step here is a key press (Tab, Shift+Tab, Enter,
// Space, arrows, Escape) or typed text, never a click or a fill.
import type { Locator, Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { gotoHydrated, gotoReady, hasJavaScript } from './hydrated'
import { expectInView } from './in-view'
import { lessonRequestLinkTo } from './lesson-requests'
import { countRows, uniqueEmail } from './server-data'

const MAIN_NAV = ['Subjects', 'Services', 'Pricing', 'How It Works', 'Tutors', 'About']

function isFocused(target: Locator) {
  return target.evaluate((element) => element === document.activeElement)
}

/** Presses Tab until `target` has the focus; fails if it takes more than `maxStops` presses. */
async function tabTo(page: Page, target: Locator, maxStops = 10) {
  for (let stop = 0; stop < maxStops && !(await isFocused(target)); stop++) await page.keyboard.press('Tab')
  await expect(target, `reached within ${maxStops} Tab presses`).toBeFocused()
}

/** The skip link, as a keyboard user meets it: the first Tab on a fresh page, then Enter. */
async function skipToMain(page: Page) {
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
}

/** Types into the focused field, then checks that it was the one meant. */
async function typeInto(field: Locator, text: string) {
  await expect(field).toBeFocused()
  await field.page().keyboard.type(text)
}

/** Whether the element is what a visitor sees at its centre: false for a clipped, visually hidden element. */
function isOnTop(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return top !== null && element.contains(top)
  })
}

function focusIsInside(region: Locator) {
  return region.evaluate((element) => element !== document.activeElement && element.contains(document.activeElement))
}

test('the first Tab shows "Skip to main content", and Enter on it moves the focus to the main content @no-js', async ({ page }) => {
  await gotoReady(page, '/about')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  expect(await isOnTop(skip)).toBe(false)
  await page.keyboard.press('Tab')
  await expect(skip).toBeFocused()
  expect(await isOnTop(skip)).toBe(true)
  // A padded pill, not bare text squeezed into the corner.
  const shown = await skip.boundingBox()
  expect(shown?.width).toBeGreaterThan(150)
  expect(shown?.height).toBeGreaterThanOrEqual(32)

  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await focusIsInside(page.getByRole('main'))).toBe(true)
})

test('Tab walks the header in order (the six sections, search, Log in, Join Free Class) and Enter opens a section @no-js', async ({ page }) => {
  await gotoReady(page, '/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  const banner = page.getByRole('banner')
  await tabTo(page, nav.getByRole('link', { name: MAIN_NAV[0], exact: true }))
  for (const name of MAIN_NAV.slice(1)) {
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name, exact: true })).toBeFocused()
  }
  for (const next of [banner.getByRole('searchbox', { name: 'Search tutors' }), banner.getByRole('link', { name: 'Log in' }), banner.getByRole('link', { name: 'Join Free Class' })]) {
    await page.keyboard.press('Tab')
    await expect(next).toBeFocused()
  }

  for (let step = 0; step < 6; step++) await page.keyboard.press('Shift+Tab')
  await expect(nav.getByRole('link', { name: 'Pricing', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page).toHaveTitle(/^Pricing/)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('aria-current', 'page')
  // With JavaScript the new page arrives without a reload; the focus starts at its main content.
  if (hasJavaScript()) await expect(page.getByRole('main')).toBeFocused()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  // chrome.spec.ts opens, closes and reopens the menu from the keyboard; this walks it and picks a link.
  test('Tab walks the open menu, and Enter on a section opens it and closes the menu', async ({ page }) => {
    await gotoHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await tabTo(page, toggle)
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('searchbox', { name: 'Search tutors' })).toBeFocused()
    for (const name of MAIN_NAV) {
      await page.keyboard.press('Tab')
      await expect(menu.getByRole('link', { name, exact: true })).toBeFocused()
    }
    for (const name of ['Log in', 'Join Free Class']) {
      await page.keyboard.press('Tab')
      await expect(menu.getByRole('link', { name })).toBeFocused()
    }
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(menu.getByRole('link', { name: 'Tutors', exact: true })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/tutors$/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('main')).toBeFocused()
  })
})

test.describe('on a phone without JavaScript', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('Enter on the Menu link opens the menu, and Tab carries on into it @no-js-only', async ({ page }) => {
    await page.goto('/')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await tabTo(page, page.getByRole('link', { name: 'Menu', exact: true }), 15)
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('searchbox', { name: 'Search tutors' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('link', { name: MAIN_NAV[0], exact: true })).toBeFocused()
  })
})

test.describe('every form can be filled in and sent from the keyboard', () => {
  test('sign up, then log in with "Remember me" ticked by Space @no-js', async ({ page, context }) => {
    const email = uniqueEmail('keys-signup')
    await gotoReady(page, '/signup')
    await skipToMain(page)
    await tabTo(page, page.getByLabel('Full name'))
    await typeInto(page.getByLabel('Full name'), 'Kit Lane')
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Email'), email)
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Password', { exact: true }), 'secret1')
    // With JavaScript a show/hide button sits between the two password boxes.
    await tabTo(page, page.getByLabel('Confirm password', { exact: true }), 2)
    await typeInto(page.getByLabel('Confirm password', { exact: true }), 'secret1')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/login\?notice=created$/)

    await gotoReady(page, '/login')
    await skipToMain(page)
    await tabTo(page, page.getByLabel('Email'))
    await typeInto(page.getByLabel('Email'), email)
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Password', { exact: true }), 'secret1')
    await tabTo(page, page.getByLabel('Remember me'), 2)
    await page.keyboard.press('Space')
    await expect(page.getByLabel('Remember me')).toBeChecked()
    await tabTo(page, page.getByRole('button', { name: 'Sign In' }), 2)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Kit!' })).toBeVisible()
    // The ticked box reached the server: the session outlives the browser.
    const session = (await context.cookies()).find((cookie) => cookie.name === '__session')
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000)
  })

  test('forgot password: Enter in the e-mail box sends the reset link @no-js', async ({ page }) => {
    const email = uniqueEmail('keys-reset')
    await gotoReady(page, '/forgot-password')
    await skipToMain(page)
    await tabTo(page, page.getByLabel('Email'))
    await typeInto(page.getByLabel('Email'), email)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('status')).toContainText(email)
  })

  test('contact: the subject is chosen by typing, and the message is sent with Enter on the button @no-js', async ({ page }) => {
    const email = uniqueEmail('keys-contact')
    await gotoReady(page, '/contact')
    await skipToMain(page)
    await tabTo(page, page.getByLabel('Name', { exact: true }))
    await typeInto(page.getByLabel('Name', { exact: true }), 'Ivy Jones')
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Email'), email)
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Subject'), 'Booking')
    await expect(page.getByLabel('Subject')).toHaveValue('Booking or lessons')
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Message', { exact: true }), 'Could we move Thursday’s lesson to Friday afternoon?')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText("Thank you! Your message has been sent successfully. We'll get back to you soon.")).toBeVisible()
    expect(await countRows('contact_messages', "email = ? AND subject = 'Booking or lessons'", email)).toBe(1)
  })

  test('footer newsletter: Enter in the box subscribes @no-js', async ({ page }) => {
    const email = uniqueEmail('keys-news')
    await gotoReady(page, '/pricing')
    await skipToMain(page)
    const box = page.getByRole('textbox', { name: 'Newsletter' })
    await tabTo(page, box, 80)
    await typeInto(box, email)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: "You're subscribed" })).toBeVisible()
    // Still on the page: with JavaScript not even the skip link's #main is lost; without it, back at the box.
    await expect(page).toHaveURL(hasJavaScript() ? /\/pricing(#main)?$/ : /\/pricing#newsletter$/)
    await expectInView(page, page.getByRole('status').filter({ hasText: "You're subscribed" }))
    expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(1)
  })

  test('tutor application: boxes are ticked with Space and the form is sent with Space on the button @no-js', async ({ page }) => {
    const email = uniqueEmail('keys-tutor')
    await gotoReady(page, '/tutors/apply')
    await skipToMain(page)
    await tabTo(page, page.getByLabel('Full name'), 40)
    await typeInto(page.getByLabel('Full name'), 'Jon Kerr')
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Email'), email)
    const subjects = page.getByRole('group', { name: 'Subjects you teach' })
    await page.keyboard.press('Tab')
    await expect(subjects.getByRole('checkbox').first()).toBeFocused()
    await tabTo(page, subjects.getByLabel('Chemistry'), 3)
    await page.keyboard.press('Space')
    await expect(subjects.getByLabel('Chemistry')).toBeChecked()
    const levels = page.getByRole('group', { name: 'Levels you teach' })
    await tabTo(page, levels.getByLabel('A-Level'), 15)
    await page.keyboard.press('Space')
    await expect(levels.getByLabel('A-Level')).toBeChecked()
    await tabTo(page, page.getByLabel('Years of teaching or tutoring experience'), 3)
    await typeInto(page.getByLabel('Years of teaching or tutoring experience'), '4')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('I have a laptop or desktop, a webcam and a microphone')).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByLabel('I have a laptop or desktop, a webcam and a microphone')).toBeChecked()
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('How you like to teach'), 'I start from what the student already knows and build up with worked examples.')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Send Application' })).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByRole('main').getByRole('status')).toContainText('Thank you, Jon Kerr.')
    expect(await countRows('tutor_applications', 'email = ? AND experience_years = 4', email)).toBe(1)
  })

  test('lesson request: a time is chosen with the arrow keys and the request sent with Enter @no-js', async ({ page }) => {
    const email = uniqueEmail('keys-lesson')
    await gotoReady(page, '/tutors/amelia-hart')
    await skipToMain(page)
    const times = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio')
    await tabTo(page, times.first())
    await page.keyboard.press('ArrowDown')
    await expect(times.nth(1)).toBeFocused()
    await expect(times.nth(1)).toBeChecked()
    const slot = await times.nth(1).evaluate((radio) => (radio as HTMLInputElement).labels?.[0]?.innerText.trim() ?? '')
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Your name'), 'Lily Moss')
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Email'), email)
    await page.keyboard.press('Tab')
    await typeInto(page.getByLabel('Message (optional)'), 'Year 12, AQA, mechanics.')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Request a lesson' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main').getByRole('status')).toContainText(`Please confirm your request with the link we've e-mailed to ${email}`)
    // The answer takes the form's place: with JavaScript the focus goes to it, not back to the top of the page.
    if (hasJavaScript()) await expect(page.getByRole('main').getByRole('status')).toBeFocused()
    // The e-mailed link's page, from the keyboard too.
    await gotoReady(page, await lessonRequestLinkTo(email))
    await skipToMain(page)
    await tabTo(page, page.getByRole('button', { name: 'Send My Request' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main').getByRole('status')).toContainText(`Your request for ${slot} with Dr Amelia Hart has been sent.`)
    expect(await countRows('lesson_requests', "email = ? AND tutor_id = 'amelia-hart'", email)).toBe(1)
  })

  test('tutor search: filters are chosen by typing, the focus stays put, and Enter on Search runs the search @no-js', async ({ page }) => {
    await gotoReady(page, '/tutors/find')
    await skipToMain(page)
    const subject = page.getByLabel('Subject', { exact: true })
    const level = page.getByLabel('Level', { exact: true })
    await tabTo(page, page.getByLabel('Name, subject, topic or area'))
    await typeInto(page.getByLabel('Name, subject, topic or area'), 'physics')
    await page.keyboard.press('Tab')
    await typeInto(subject, 'Science')
    await expect(subject).toHaveValue('science')
    // With JavaScript a changed filter searches at once; the focus must stay on it.
    if (hasJavaScript()) await expect(page).toHaveURL(/\/tutors\/find\?q=physics&subject=science$/)
    await expect(subject).toBeFocused()
    await page.keyboard.press('Tab')
    await typeInto(level, 'A-Level')
    await expect(level).toHaveValue('alevel')
    if (hasJavaScript()) await expect(page).toHaveURL(/\/tutors\/find\?q=physics&subject=science&level=alevel$/)
    await expect(level).toBeFocused()
    await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }), 5)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/tutors\/find\?q=physics&subject=science&level=alevel$/)
    const cards = page.getByRole('region', { name: 'Tutors', exact: true }).getByRole('article')
    await expect(cards.first()).toBeVisible()
    for (const card of await cards.all()) await expect(card).toContainText(/(Physics|Chemistry|Biology) · .*A-Level/)
  })

  test('tutor search: each new count of tutors found is read out, from a live region that stays in place', async ({ page }) => {
    await gotoHydrated(page, '/tutors/find')
    const count = await page.getByRole('region', { name: 'Tutors', exact: true }).getByRole('status').elementHandle()
    // The very element that was on the page when the search started, or 'replaced'.
    const readCount = () => count.evaluate((region) => (region.isConnected ? region.textContent : 'replaced'))
    const before = await readCount()
    expect(before).toMatch(/^Showing 1–6 of \d+ tutors$/)
    await tabTo(page, page.getByLabel('Subject', { exact: true }), 40)
    await page.keyboard.type('Mathematics')
    await expect(page).toHaveURL(/\/tutors\/find\?subject=math$/)
    await expect.poll(readCount).not.toBe(before)
    expect(await readCount()).toMatch(/^Showing 1–\d+ of \d+ tutors?$/)
  })

  test('header search: Tab to the box, type, Enter @no-js', async ({ page }) => {
    await gotoReady(page, '/about')
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search tutors' })
    await tabTo(page, box, 15)
    await typeInto(box, 'chemistry')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/tutors\/find\?q=chemistry$/)
    await expect(page.getByRole('region', { name: 'Tutors', exact: true }).getByRole('article').first()).toContainText('Chemistry')
  })
})

/** The error texts a field points to with aria-describedby that sit in an alert or a live region, so they are read out as they appear. */
function announcedErrors(field: Locator) {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((node) => node?.closest('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]'))
      .map((node) => node?.textContent?.trim()),
  )
}

type ValidatedForm = {
  path: string
  submit: string
  /** Every field left empty, in page order, with the error it must announce. */
  errors: Array<[field: (page: Page) => Locator, message: string]>
  /** Where the focus lands with JavaScript: the first invalid field, or the first box of an invalid group. */
  firstFocus: (page: Page) => Locator
}

// Sign-up's focus and its messages are checked in accounts.spec.ts; here each form's errors must also be announced.
const VALIDATED_FORMS: Record<string, ValidatedForm> = {
  'log in': {
    path: '/login',
    submit: 'Sign In',
    errors: [
      [(page) => page.getByLabel('Email'), 'Email is required'],
      [(page) => page.getByLabel('Password', { exact: true }), 'Password is required'],
    ],
    firstFocus: (page) => page.getByLabel('Email'),
  },
  'sign up': {
    path: '/signup',
    submit: 'Create Account',
    errors: [
      [(page) => page.getByLabel('Full name'), 'Name is required'],
      [(page) => page.getByLabel('Email'), 'Email is required'],
      [(page) => page.getByLabel('Password', { exact: true }), 'Password is required'],
      [(page) => page.getByLabel('Confirm password', { exact: true }), 'Please confirm your password'],
    ],
    firstFocus: (page) => page.getByLabel('Full name'),
  },
  'forgot password': {
    path: '/forgot-password',
    submit: 'Send Reset Link',
    errors: [[(page) => page.getByLabel('Email'), 'Email is required']],
    firstFocus: (page) => page.getByLabel('Email'),
  },
  'tutor application': {
    path: '/tutors/apply',
    submit: 'Send Application',
    errors: [
      [(page) => page.getByLabel('Full name'), 'Name is required'],
      [(page) => page.getByLabel('Email'), 'Email is required'],
      [(page) => page.getByRole('group', { name: 'Subjects you teach' }), 'Choose at least one subject you teach'],
      [(page) => page.getByRole('group', { name: 'Levels you teach' }), 'Choose at least one level you teach'],
      [(page) => page.getByLabel('Years of teaching or tutoring experience'), 'Tell us how many years you have taught'],
      [(page) => page.getByLabel('I have a laptop or desktop, a webcam and a microphone'), 'You need a laptop or desktop, a webcam and a microphone to teach with us'],
      [(page) => page.getByLabel('How you like to teach'), 'Tell us a little about how you teach'],
    ],
    firstFocus: (page) => page.getByLabel('Full name'),
  },
  'lesson request': {
    path: '/tutors/amelia-hart',
    submit: 'Request a lesson',
    errors: [
      [(page) => page.getByRole('group', { name: 'Choose a time' }), 'Choose one of the free times'],
      [(page) => page.getByLabel('Your name'), 'Name is required'],
      [(page) => page.getByLabel('Email'), 'Email is required'],
    ],
    firstFocus: (page) => page.getByRole('group', { name: 'Choose a time' }).getByRole('radio').first(),
  },
}

test.describe('a form sent empty from the keyboard announces its errors', () => {
  for (const [name, form] of Object.entries(VALIDATED_FORMS)) {
    test(`${name}: each error is tied to its field and announced; with JavaScript the focus moves to the first invalid field @no-js`, async ({ page }) => {
      await gotoReady(page, form.path)
      await skipToMain(page)
      await tabTo(page, page.getByRole('button', { name: form.submit }), 60)
      await page.keyboard.press('Enter')
      for (const [field, message] of form.errors) {
        await expect.poll(() => announcedErrors(field(page)), { message }).toContain(message)
      }
      if (hasJavaScript()) await expect(form.firstFocus(page)).toBeFocused()
    })
  }

  test('contact: the browser refuses it, focuses Name and says what is missing @no-js', async ({ page }) => {
    await gotoReady(page, '/contact')
    await skipToMain(page)
    await tabTo(page, page.getByRole('button', { name: 'Send Message' }), 20)
    await page.keyboard.press('Enter')
    const name = page.getByLabel('Name', { exact: true })
    await expect(name).toBeFocused()
    expect(await name.evaluate((input) => (input as HTMLInputElement).validationMessage)).not.toBe('')
    await expect(page.getByText('Thank you! Your message has been sent successfully.')).toHaveCount(0)
  })

  test('footer newsletter: the browser refuses it and keeps the focus in the e-mail box @no-js', async ({ page }) => {
    await gotoReady(page, '/about')
    const box = page.getByRole('textbox', { name: 'Newsletter' })
    await tabTo(page, page.getByRole('button', { name: 'Subscribe' }), 80)
    await page.keyboard.press('Enter')
    await expect(box).toBeFocused()
    expect(await box.evaluate((input) => (input as HTMLInputElement).validationMessage)).not.toBe('')
    await expect(page).toHaveURL(/\/about$/)
  })
})

type FocusStop = { element: string; problem: string | null }

/**
 * Runs in the page: how the focused element shows its focus. It needs an outline or a
 * ring (a box-shadow with spread), not transparent, with 3:1 contrast against the colours
 * around it (WCAG 1.4.11), and the element itself must be drawn at a visible size.
 */
function readFocusStop(): FocusStop | null {
  const element = document.activeElement
  if (!element || element === document.body || element === document.documentElement) return null
  type Rgba = [number, number, number, number]
  const parse = (colour: string): Rgba => {
    const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number)
    return [r, g, b, a]
  }
  const over = (top: Rgba, base: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + base[i]! * (1 - top[3])).concat(1) as Rgba
  const luminance = ([r, g, b]: Rgba) =>
    [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0)
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (light! + 0.05) / (dark! + 0.05)
  }
  // Every colour that may show around the indicator: backgrounds and gradient stops from
  // `start` up to the first opaque background, each laid over that background.
  const coloursAround = (start: Element | null) => {
    const layers: Rgba[] = []
    let base: Rgba = [255, 255, 255, 1]
    for (let node = start; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.backgroundImage !== 'none') layers.push(...(style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? []).map(parse))
      const background = parse(style.backgroundColor)
      if (background[3] === 1) {
        base = background
        break
      }
      if (background[3] > 0) layers.push(background)
    }
    return [base, ...layers.map((layer) => over(layer, base))]
  }

  const style = getComputedStyle(element)
  const box = element.getBoundingClientRect()
  const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? ''
  const name = `${element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`
  if (box.width < 4 || box.height < 4) return { element: name, problem: `drawn at ${box.width}×${box.height} px` }

  let indicator: { colour: Rgba; around: Element | null } | null = null
  if (style.outlineStyle === 'auto') return { element: name, problem: null } // the browser's own two-tone ring
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && parse(style.outlineColor)[3] > 0) {
    // An outline drawn inside the element (negative offset) lies on its own background.
    indicator = { colour: parse(style.outlineColor), around: parseFloat(style.outlineOffset) < 0 ? element : element.parentElement }
  } else {
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      const colour = shadow.match(/rgba?\([^)]*\)/)?.[0]
      const [x, y, blur, spread] = (shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? []).map(parseFloat)
      if (colour && !shadow.includes('inset') && x === 0 && y === 0 && blur === 0 && (spread ?? 0) > 0 && parse(colour)[3] > 0) {
        indicator = { colour: parse(colour), around: element.parentElement }
      }
    }
  }
  if (!indicator) return { element: name, problem: 'no visible outline or ring' }
  const worst = Math.min(...coloursAround(indicator.around).map((colour) => contrast(indicator.colour, colour)))
  return { element: name, problem: worst < 3 ? `focus indicator contrast ${worst.toFixed(2)}:1` : null }
}

/** Tabs through the page (at most `maxStops` times) and reads how each stop shows its focus. */
async function tabThroughPage(page: Page, maxStops = 100) {
  const stops: FocusStop[] = []
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press('Tab')
    const seen = await page.evaluate(readFocusStop)
    if (!seen) break
    stops.push(seen)
  }
  return stops
}

test.describe('every element reached with Tab shows where the focus is', () => {
  for (const path of ['/', '/tutors/find', '/contact', '/students/faqs', '/tutors/amelia-hart']) {
    test(`${path}: an outline or ring with 3:1 contrast on each stop`, async ({ page }) => {
      await gotoHydrated(page, path)
      const stops = await tabThroughPage(page)
      expect(stops.length).toBeGreaterThan(20)
      expect(stops.filter((stop) => stop.problem)).toEqual([])
    })
  }

  test('on a phone, the menu button and everything in the open menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await gotoHydrated(page, '/')
    await tabTo(page, page.getByRole('button', { name: 'Menu' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
    const stops = [(await page.evaluate(readFocusStop))!, ...(await tabThroughPage(page, 12))]
    expect(stops.map((stop) => stop.element)).toContain('a "Join Free Class"')
    expect(stops.filter((stop) => stop.problem)).toEqual([])
  })
})

/** The longest transition or animation on the element and its ancestors, in seconds. */
function longestMotion(target: Locator) {
  return target.evaluate((element) => {
    const seconds = (list: string) => Math.max(...list.split(',').map((time) => parseFloat(time) / (time.trim().endsWith('ms') ? 1000 : 1)))
    let longest = 0
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.transitionProperty !== 'none') longest = Math.max(longest, seconds(style.transitionDuration))
      if (style.animationName !== 'none') longest = Math.max(longest, seconds(style.animationDuration))
    }
    return longest
  })
}

test.describe('prefers-reduced-motion', () => {
  const movingParts = (page: Page) => ({
    'promo banner': page.getByRole('region', { name: 'Promotion' }),
    'top bar': page.getByRole('link', { name: 'Claim your free session →' }),
    header: page.getByRole('banner'),
  })

  test('without the preference, the promo banner, the top bar and the header animate', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await gotoHydrated(page, '/')
    for (const [part, locator] of Object.entries(movingParts(page))) {
      expect(await longestMotion(locator), part).toBeGreaterThanOrEqual(0.2)
    }
  })

  test('with it, they and everything else on the page change at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await gotoHydrated(page, '/')
    for (const [part, locator] of Object.entries(movingParts(page))) {
      expect(await longestMotion(locator), part).toBeLessThan(0.001)
    }
    const longestOnPage = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll('*')].map((node) => {
        const style = getComputedStyle(node)
        return Math.max(...`${style.transitionDuration},${style.animationDuration}`.split(',').map((time) => parseFloat(time) / (time.trim().endsWith('ms') ? 1000 : 1)))
      })),
    )
    expect(longestOnPage).toBeLessThan(0.001)
  })

  test('with it, the banner dismissed from the keyboard goes at once and Tab carries on to the top bar', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await gotoHydrated(page, '/about')
    await tabTo(page, page.getByRole('button', { name: 'Dismiss promotion' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('region', { name: 'Promotion' })).toHaveCount(0)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Claim your free session →' })).toBeFocused()
  })
})
