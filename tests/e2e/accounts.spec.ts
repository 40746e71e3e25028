import { confirmationLinkTo, createAccount, logIn, signUp } from './accounts'
import { expect, test } from './fixtures'
import { holdPosts } from './hold-request'
import { gotoHydrated, gotoReady, hasJavaScript } from './hydrated'
import { lastMailTo, linkMailedTo, subjectsMailedTo, uniqueEmail } from './server-data'

test('sign up, log in, stay logged in after a reload, then log out @no-js', async ({ page }) => {
  const email = uniqueEmail('journey')
  await signUp(page, 'Ann Lee', email, 'secret1')
  await expect(page).toHaveURL(/\/login\?notice=created$/)
  await expect(page.getByText('Account created — please log in')).toBeVisible()

  await logIn(page, email, 'secret1')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome, Ann!' })).toBeVisible()
  await expect(page.getByText(email, { exact: true })).toBeVisible()
  await expect(page.getByText('Member since')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
  await expect(page.getByRole('main').getByRole('link', { name: 'Manage Your Account' })).toHaveAttribute('href', '/account')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome, Ann!' })).toBeVisible()

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login\?notice=logged-out$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
})

test('a refused log-in keeps the address and the Remember me the visitor ticked @no-js', async ({ page }) => {
  const email = uniqueEmail('remember')
  await gotoReady(page, '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('not-the-one')
  await page.getByLabel('Remember me').check()
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('Remember me')).toBeChecked()
})

test('a wrong password and an unknown e-mail get the same message @no-js', async ({ page }) => {
  const email = uniqueEmail('wrong')
  await createAccount(page, 'Ben Cole', email, 'secret1')
  await logIn(page, email, 'not-the-one')
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await logIn(page, uniqueEmail('nobody'), 'secret1')
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
})

test('signing up with an address that has an account answers as a new sign-up, changes nothing, and tells the owner @no-js', async ({ page }) => {
  const email = uniqueEmail('taken')
  await createAccount(page, 'Cara Diaz', email, 'secret1')
  await signUp(page, 'Mallory', email.toUpperCase(), 'hijacked')
  await expect(page).toHaveURL(/\/login\?notice=created$/)
  await expect(page.getByText('Account created — please log in')).toBeVisible()
  await expect.poll(() => subjectsMailedTo(email)).toContain('Someone tried to open an account with your address')
  await logIn(page, email, 'hijacked')
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  await logIn(page, email, 'secret1')
  await expect(page.getByRole('heading', { name: 'Welcome, Cara!' })).toBeVisible()
})

test('a new account proves its address: the dashboard asks, the e-mailed link confirms it for the signed-in owner @no-js', async ({ page }) => {
  const email = uniqueEmail('confirm')
  await createAccount(page, 'Dan Ede', email, 'secret1')
  await logIn(page, email, 'secret1')
  const ask = page.getByRole('region', { name: 'Confirm your email address' })
  await expect(ask).toContainText(`open the link in our confirmation email to ${email}`)
  await expect(page.getByRole('region', { name: 'Your lesson requests' })).toHaveCount(0)

  await ask.getByRole('button', { name: 'Send the link again' }).click()
  await expect(page.getByText(`We've emailed a new confirmation link to ${email}.`)).toBeVisible()
  await gotoReady(page, await confirmationLinkTo(email))
  await expect(page.getByText(`Confirm that ${email} is your address?`)).toBeVisible()
  await page.getByRole('button', { name: 'Confirm My Email' }).click()
  await expect(page).toHaveURL(/\/dashboard\?notice=address-confirmed$/)
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Your lesson requests' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your class places' })).toBeVisible()
})

test('a confirmation link opened signed out asks for a log-in, then confirms @no-js', async ({ page }) => {
  const email = uniqueEmail('confirm-later')
  await createAccount(page, 'Eve Fox', email, 'secret1')
  const link = await confirmationLinkTo(email)
  await gotoReady(page, link)
  await expect(page.getByText(`Log in as ${email} to confirm this address`)).toBeVisible()
  await page.getByRole('link', { name: 'Log in to confirm' }).click()
  // The log-in page says what it is for, not that a page was refused.
  await expect(page.getByText('Log in to confirm your email address; you will come back to the link.')).toBeVisible()
  await expect(page.getByText('Please log in to see this page')).toHaveCount(0)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('secret1')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('button', { name: 'Confirm My Email' }).click()
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible()
  // The link works once.
  await gotoReady(page, link)
  await expect(page.getByText('This confirmation link has expired or has already been used.')).toBeVisible()
})

test('every sign-up message of spec §5 appears next to its field @no-js', async ({ page }) => {
  await gotoReady(page, '/signup')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name is required')
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required')
  await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription('Please confirm your password')

  await page.getByLabel('Email').fill('ann@')
  await page.getByLabel('Password', { exact: true }).fill('abc')
  await page.getByLabel('Confirm password', { exact: true }).fill('abd')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password must be at least 6 characters')
  await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription('Passwords do not match')
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
})

test('every login message of spec §5 appears next to its field @no-js', async ({ page }) => {
  await gotoReady(page, '/login')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address')
})

test('with JavaScript, invalid forms are not sent, focus moves to the first error and an edited field clears its error', async ({ page }) => {
  let posts = 0
  page.on('request', (request) => {
    if (request.method() === 'POST') posts++
  })
  await gotoHydrated(page, '/signup')
  await page.getByLabel('Email').fill('ann@example.com')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByLabel('Full name')).toBeFocused()
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name is required')
  await page.getByLabel('Full name').fill('A')
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required')
  expect(posts).toBe(0)
})

test('while the sign-in is in flight the button reads "Signing in..." and the form is disabled', async ({ page }) => {
  const release = await holdPosts(page, '/login')
  await gotoHydrated(page, '/login')
  await page.getByLabel('Email').fill(uniqueEmail('pending'))
  await page.getByLabel('Password', { exact: true }).fill('secret1')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
  await expect(page.getByLabel('Email')).toBeDisabled()
  await expect(page.getByLabel('Password', { exact: true })).toBeDisabled()
  release()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
})

test('while the sign-up is in flight the button reads "Creating Account..."', async ({ page }) => {
  const release = await holdPosts(page, '/signup')
  await gotoHydrated(page, '/signup')
  await page.getByLabel('Full name').fill('Dee Eve')
  await page.getByLabel('Email').fill(uniqueEmail('pending-signup'))
  await page.getByLabel('Password', { exact: true }).fill('secret1')
  await page.getByLabel('Confirm password', { exact: true }).fill('secret1')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled()
  await expect(page.getByLabel('Full name')).toBeDisabled()
  release()
  await expect(page).toHaveURL(/\/login\?notice=created$/)
})

test('while the reset link is being requested the button reads "Sending..." and the e-mail box is disabled', async ({ page }) => {
  const release = await holdPosts(page, '/forgot-password')
  await gotoHydrated(page, '/forgot-password')
  await page.getByLabel('Email').fill(uniqueEmail('pending-reset'))
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await expect(page.getByLabel('Email')).toBeDisabled()
  release()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
})

test('the show/hide toggle reveals the password and says whether it is pressed', async ({ page }) => {
  await gotoHydrated(page, '/signup')
  const password = page.getByLabel('Password', { exact: true })
  await password.fill('secret1')
  const toggle = page.getByRole('button', { name: 'Show password', exact: true })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'text')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(password).toHaveAttribute('type', 'password')
})

test('Remember me keeps the session cookie 30 days; without it the cookie ends with the browser session', async ({ page, context }) => {
  const email = uniqueEmail('remember')
  await createAccount(page, 'Fay Gill', email, 'secret1')
  await logIn(page, email, 'secret1')
  await expect(page).toHaveURL(/\/dashboard$/)
  let session = (await context.cookies()).find((cookie) => cookie.name === '__session')!
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', expires: -1 })

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login\?notice=logged-out$/)
  await logIn(page, email, 'secret1', { remember: true })
  await expect(page).toHaveURL(/\/dashboard$/)
  session = (await context.cookies()).find((cookie) => cookie.name === '__session')!
  const days = (session.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(29.9)
  expect(days).toBeLessThanOrEqual(30)
  expect(session.httpOnly).toBe(true)
})

test('after a login the visitor goes to a safe redirectTo, never off the site', async ({ page }) => {
  const email = uniqueEmail('redirect')
  await createAccount(page, 'Gus Hale', email, 'secret1')
  await gotoHydrated(page, '/login?redirectTo=//evil.example/steal')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('secret1')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/)
})

test('repeated failures for one e-mail are throttled with 429 and a clear message', async ({ request }) => {
  const email = uniqueEmail('throttle')
  for (let attempt = 1; attempt <= 5; attempt++) {
    const response = await request.post('/login', { form: { email, password: `guess-${attempt}` } })
    expect(response.status()).toBe(401)
  }
  const throttled = await request.post('/login', { form: { email, password: 'guess-6' } })
  expect(throttled.status()).toBe(429)
  expect(await throttled.text()).toContain('Too many attempts. Please wait 15 minutes and try again.')
})

test('social buttons say honestly that the option is not available yet @no-js', async ({ page }) => {
  await gotoReady(page, '/login')
  await page.getByRole('button', { name: 'Google' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Signing in with Google is not available yet' })).toBeVisible()
  if (hasJavaScript()) await expect(page).toHaveURL(/\/login$/)
})

test('forgot password: check your e-mail, follow the link, set a new password, log in with it @no-js', async ({ page }) => {
  const email = uniqueEmail('reset')
  await createAccount(page, 'Hana Ito', email, 'secret1')
  await gotoReady(page, '/forgot-password')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toContainText(email)

  // The e-mail is sent in the background, so the page answers the same for unknown addresses.
  const resetLink = () => linkMailedTo(email, /https?:\/\/\S+\/reset-password\?token=\S+/)
  await expect.poll(resetLink).toBeTruthy()
  const url = new URL(resetLink()!)
  const link = url.pathname + url.search
  await gotoReady(page, link)
  await page.getByLabel('New password', { exact: true }).fill('brand-new')
  await page.getByLabel('Confirm password', { exact: true }).fill('brand-new')
  await page.getByRole('button', { name: 'Save New Password' }).click()
  await expect(page.getByText('Password changed — please log in with your new password')).toBeVisible()

  await logIn(page, email, 'brand-new')
  await expect(page).toHaveURL(/\/dashboard$/)
  await gotoReady(page, link)
  await expect(page.getByText('This reset link has expired or has already been used.')).toBeVisible()
})

test('forgot password answers the same for an unknown address and sends nothing @no-js', async ({ page }) => {
  const email = uniqueEmail('unknown')
  await gotoReady(page, '/forgot-password')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  expect(lastMailTo(email)).toBeUndefined()
})
