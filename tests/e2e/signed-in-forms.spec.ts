// A signed-in visitor finds the forms that ask who they are filled in with their account's name
// and address, which they can still change; a visitor without an account finds them empty. (The class
// place's form, which only a signed-in visitor sees, is checked in classes.spec.ts.)
import { newFamily } from './accounts'
import { expect, test } from './fixtures'
import { gotoReady } from './hydrated'
import { uniqueEmail } from './server-data'

test("a signed-in family's lesson request and contact message start with its name and address @no-js", async ({ page, request, baseURL }) => {
  const email = uniqueEmail('prefill')
  const { cookie } = await newFamily(request, { name: 'Pip Prefill', email })

  await gotoReady(page, '/tutors/amelia-hart')
  await expect(page.getByLabel('Your name')).toHaveValue('')
  await expect(page.getByLabel('Email')).toHaveValue('')

  await page.context().addCookies([{ name: '__session', value: cookie.slice('__session='.length), url: baseURL! }])
  await gotoReady(page, '/tutors/amelia-hart')
  await expect(page.getByLabel('Your name')).toHaveValue('Pip Prefill')
  await expect(page.getByLabel('Email')).toHaveValue(email)

  await gotoReady(page, '/contact')
  await expect(page.getByLabel('Name')).toHaveValue('Pip Prefill')
  await expect(page.getByLabel('Email')).toHaveValue(email)
})
