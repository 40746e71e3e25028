// The account page's forms, sent junk by a signed-in family (the fuzz is signed out, and is refused
// before any form is read): every answer is below 500, and no post changes a row or sends a mail.
import { readdir } from 'node:fs/promises'

import { describe, expect, test, vi } from 'vitest'

import { AccountNameSchema, DeletionCheckSchema, DeletionConfirmSchema, EmailChangeSchema, LearnerProfileSchema, PasswordChangeSchema } from '~/forms/account'
import { checkForm, readFormInput, type FormSchema } from '~/forms/rules'

import { withFreshDatabase } from './fresh-database'

const FORMS: Record<string, FormSchema> = {
  profile: LearnerProfileSchema,
  name: AccountNameSchema,
  email: EmailChangeSchema,
  password: PasswordChangeSchema,
  delete: DeletionCheckSchema,
  'delete-confirmed': DeletionConfirmSchema,
  'no-such-intent': DeletionConfirmSchema,
}

const JUNK = [
  '', ' ', '\t\r\n', 'null', '__proto__', "'; DROP TABLE users; --", '<script>alert(1)</script>', '\u0000', 'a\u0000b@example.com',
  '\r\nSet-Cookie: x=1', '\uD800', 'x@y', '@', 'ada@@example.com', 'https://evil.example/', 'Physics', 'IGCSE', 'Not a level',
  'x'.repeat(5_001), 'secret12', `${Date.now() + 60_000}.forged`, 'www.example.com',
]

/** A pseudo-random sequence that is the same every run, so a failure repeats. */
function* picks(seed: number) {
  let state = seed
  for (;;) {
    state = (state * 1103515245 + 12345) % 2 ** 31
    yield state
  }
}

describe('signed in as a family', () => {
  const settings = withFreshDatabase('account-hostile-posts')

  // Each post with a well-formed password is checked with scrypt, as the site checks it: 3 s alone, more beside other suites.
  test('300 invalid posts to /account: every answer below 500, nothing stored, nothing sent', { timeout: 30_000 }, async () => {
    vi.stubEnv('SESSION_SECRET', 'b'.repeat(64))
    const { getDb } = await import('~/db/database.server')
    const { confirmEmailWithToken, insertEmailConfirmation, insertUser } = await import('~/db/accounts.server')
    const { hashPassword } = await import('~/accounts/passwords.server')
    const { createSession } = await import('~/accounts/session.server')
    const { action } = await import('~/routes/account/account.server')
    const id = (await insertUser({ name: 'Fay Family', email: 'fay@example.com', passwordHash: await hashPassword('secret123') }))!
    await insertEmailConfirmation('proof', id, 'fay@example.com', '2099-01-01T00:00:00.000Z')
    await confirmEmailWithToken('proof', id)
    const cookie = (await createSession(id, false)).split(';')[0]!
    const db = await getDb()
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          db.selectFrom('users').selectAll().execute(),
          db.selectFrom('learner_profiles').selectAll().execute(),
          db.selectFrom('email_confirmations').selectAll().execute(),
          db.selectFrom('sessions').selectAll().execute(),
        ]),
      )
    const before = await snapshot()

    const random = picks(28)
    const pick = <T,>(list: readonly T[]) => list[random.next().value! % list.length]!
    const statuses = new Map<number, number>()
    let sent = 0
    while (sent < 300) {
      const intent = pick(Object.keys(FORMS))
      const schema = FORMS[intent]!
      const form = new FormData()
      for (const field of Object.keys(schema.entries)) {
        if (random.next().value! % 5 === 0) continue
        form.append(field, pick(JUNK))
        if (random.next().value! % 4 === 0) form.append(field, pick(JUNK))
      }
      if (random.next().value! % 6 === 0) form.append(pick(['x', 'intent', '__proto__', 'website']), pick(JUNK))
      // A name or profile its form accepts would change the account: only invalid ones are sent. The
      // other forms change nothing without the password (not among the junk) or a signed confirmation.
      if ((intent === 'name' || intent === 'profile') && checkForm(schema, readFormInput(schema, form)).success) continue
      const request = new Request(`http://localhost/account?intent=${intent}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
      let status: number
      try {
        status = (await action({ request, params: {}, context: {} })).status
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown
        status = thrown.status
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      sent++
    }
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([])
    // They reached the forms' own rules (400), or the limit on password guesses (429), not a door shut before.
    expect(statuses.get(400)).toBeGreaterThan(200)
    expect(await snapshot()).toBe(before)
    expect(await readdir(settings.outboxDir).catch(() => [])).toEqual([])
  })
})
