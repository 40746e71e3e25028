// Every form's schema: what it parses a valid form into, each message it can give (spec §5
// wording where the spec has one), and the honeypot, which the one pipeline checks for all.
import { describe, expect, test } from 'vitest'

import { ClassReservationSchema } from '~/forms/class-reservation'
import { ContactSchema } from '~/forms/contact'
import { CookieConsentSchema } from '~/forms/cookie-consent'
import { LessonRequestSchema } from '~/forms/lesson-request'
import { LoginSchema } from '~/forms/login'
import { NewsletterSchema } from '~/forms/newsletter'
import { ForgotPasswordSchema, ResetPasswordSchema } from '~/forms/password-reset'
import { readSubmission } from '~/forms/pipeline.server'
import { checkForm, readFormInput, type FormSchema } from '~/forms/rules'
import { SignupSchema } from '~/forms/signup'
import { TutorApplicationSchema } from '~/forms/tutor-application'

type Fields = Record<string, string | string[]>

/** A FormData as the browser sends it: a list becomes repeated fields. */
function formData(fields: Fields) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item)
  return form
}

function parse(schema: FormSchema, fields: Fields) {
  return checkForm(schema, readFormInput(schema, formData(fields)))
}

function errorsOf(schema: FormSchema, fields: Fields) {
  return parse(schema, fields).fieldErrors ?? {}
}

function post(fields: Fields) {
  return new Request('http://localhost/form', { method: 'POST', body: new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => [value].flat().map((item) => [name, item]))) })
}

const long = (length: number) => 'x'.repeat(length)

describe('login', () => {
  const valid = { email: ' Ann@Example.com ', password: 'secret1' }

  test('parses a valid form: the e-mail trimmed, the password as typed, "remember" as a yes or no', () => {
    expect(parse(LoginSchema, { ...valid, remember: 'on', redirectTo: '/office' }).value).toEqual({
      email: 'Ann@Example.com',
      password: 'secret1',
      remember: true,
      redirectTo: '/office',
    })
    expect(parse(LoginSchema, valid).value?.remember).toBe(false)
  })

  test('an empty e-mail shows "Email is required"; one without a domain "Please enter a valid email address"', () => {
    expect(errorsOf(LoginSchema, { ...valid, email: '' }).email).toBe('Email is required')
    expect(errorsOf(LoginSchema, { ...valid, email: 'ann@' }).email).toBe('Please enter a valid email address')
    expect(errorsOf(LoginSchema, { ...valid, email: `${long(250)}@example.com` }).email).toBe('Please enter a valid email address')
  })

  test('an empty password shows "Password is required"; 5 characters "Password must be at least 6 characters"', () => {
    expect(errorsOf(LoginSchema, { ...valid, password: '' }).password).toBe('Password is required')
    expect(errorsOf(LoginSchema, { ...valid, password: '      ' }).password).toBe('Password is required')
    expect(errorsOf(LoginSchema, { ...valid, password: 'abcde' }).password).toBe('Password must be at least 6 characters')
    expect(errorsOf(LoginSchema, { ...valid, password: long(201) }).password).toBe('Please keep this under 200 characters')
  })
})

test('an address needs one @, a dot in its domain, no spaces and no empty part between dots', () => {
  for (const email of ['ann.lee+tutoring@mail.example.co.uk', "o'neil@example.com", ' ann@example.com ', 'first_last-2@sub-domain.example.org']) {
    expect(errorsOf(ForgotPasswordSchema, { email }).email, email).toBeUndefined()
  }
  for (const email of [
    'ann@example', 'ann@@example.com', 'a@b@example.com', '@example.com', 'ann@.example.com', 'ann@example..com', 'ann@example.com.', 'ann lee@example.com',
    // What a mail library would read as a display name, a comment or a second address.
    'x<carol@example.com>', '(c)carol@example.com', '"carol"@example.com', 'a,carol@example.com', 'www.spam.example/claim<ivy@example.com>',
    // What a mailto: link would read as parameters or escapes.
    'a?cc=boss@example.com', 'a%40b@example.com', 'ann@exa_mple.com', 'ann@-example.com',
  ]) {
    expect(errorsOf(ForgotPasswordSchema, { email }).email, email).toBe('Please enter a valid email address')
  }
})

test('a name with a web address or an @ in it is refused as a name, everywhere a name is asked', () => {
  const valid = { name: 'Ann Lee', email: 'ann@example.com', password: 'secret1', confirmPassword: 'secret1', subject: 'General question', message: 'Hello' }
  for (const name of ['Win at www.example.com', 'ann@example.com', 'see https://spam.example', 'Visit spam.example now', 'Bit.ly/abc', 'Restore it at BRIGHTWELL-HELP.COM today', 'HELP.CO.UK', 'Restore it at Brightwell-Help.Com', 'Example.cOm', 'Help.Co.Uk', 'Visit Bw.Online', 'bit.Ly/x7', 'Claim at Tiny.Cc/Win', 'Go.Gl/abc', 'Claim at Win.Cash/x7', 'Tiny.One/abc', 'Bl.Ink/x', 'Bit.Ly?x=7']) {
    expect(errorsOf(SignupSchema, { ...valid, name }).name, name).toBe('Please enter your name without a web address')
    expect(errorsOf(ContactSchema, { ...valid, name }).name, name).toBe('Please enter your name without a web address')
  }
  for (const name of ['J.R. Hall', 'St.John Rivers', "Siobhán O'Neil-Smith", 'Dr. Ama Owusu', 'J.R.R. TOLKIEN', 'ANN LEE', 'J.Cooper', 'Mr.De Silva', 'Dr.Al Hassan', 'A.Ines Lee', 'Ann Lee / Bo Lee', 'Ann/Bo Lee']) {
    expect(errorsOf(SignupSchema, { ...valid, name }).name, name).toBeUndefined()
  }
})

// A name goes into the greeting of e-mails to the address typed beside it, which no one has proven
// yet: a posted name with line breaks would write paragraphs of a stranger's own into our e-mail.
test('a name stays on one line: line breaks and other control characters become spaces, direction overrides go', () => {
  const valid = { name: 'Ann Lee', email: 'ann@example.com', password: 'secret1', confirmPassword: 'secret1', subject: 'General question', message: 'Hello' }
  const cases = [
    ['Ann\n\nYour account is on hold', 'Ann Your account is on hold'],
    ['Ann\r\nLee', 'Ann Lee'],
    ['Ann\tLee', 'Ann Lee'],
    ['Ann\u2028Lee\u2029', 'Ann Lee'],
    ['Ann \u202eeeL', 'Ann eeL'],
    ['\u0000Ann\u0007 Lee\n', 'Ann Lee'],
    // A joiner is part of how some scripts and emoji are written, not a control.
    ['Ann\u200cLee', 'Ann\u200cLee'],
  ] as const
  for (const [name, stored] of cases) {
    expect(parse(SignupSchema, { ...valid, name }).value?.name, JSON.stringify(name)).toBe(stored)
    expect(parse(ContactSchema, { ...valid, name }).value?.name, JSON.stringify(name)).toBe(stored)
  }
  expect(errorsOf(SignupSchema, { ...valid, name: '\n\t\u202e' }).name).toBe('Name is required')
})

describe('sign-up', () => {
  const valid = { name: ' Ann Lee ', email: 'ann@example.com', password: 'secret1', confirmPassword: 'secret1' }

  test('parses a valid form, the name trimmed; 6 characters are long enough (spec §9)', () => {
    expect(parse(SignupSchema, valid).value).toEqual({ ...valid, name: 'Ann Lee' })
    expect(parse(SignupSchema, { ...valid, password: 'abcdef', confirmPassword: 'abcdef' }).success).toBe(true)
  })

  test('every field missing gives each field its own message', () => {
    expect(errorsOf(SignupSchema, {})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    })
  })

  test('a name of spaces is "Name is required"; an over-long one is refused', () => {
    expect(errorsOf(SignupSchema, { ...valid, name: '   ' }).name).toBe('Name is required')
    expect(errorsOf(SignupSchema, { ...valid, name: long(101) }).name).toBe('Please keep this under 100 characters')
  })

  test('the e-mail and password rules of login apply', () => {
    expect(errorsOf(SignupSchema, { ...valid, email: 'ann' }).email).toBe('Please enter a valid email address')
    expect(errorsOf(SignupSchema, { ...valid, password: 'abcde', confirmPassword: 'abcde' }).password).toBe('Password must be at least 6 characters')
  })

  test('a confirmation that differs shows "Passwords do not match", even beside another error', () => {
    expect(errorsOf(SignupSchema, { ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' })
    expect(errorsOf(SignupSchema, { ...valid, password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    })
  })
})

describe('forgot and reset password', () => {
  test('the e-mail is required and format-checked with the same messages (spec §5 "Reset")', () => {
    expect(parse(ForgotPasswordSchema, { email: ' ann@example.com' }).value).toEqual({ email: 'ann@example.com' })
    expect(errorsOf(ForgotPasswordSchema, { email: '' }).email).toBe('Email is required')
    expect(errorsOf(ForgotPasswordSchema, { email: 'not an email' }).email).toBe('Please enter a valid email address')
  })

  test('a new password follows the sign-up rules', () => {
    expect(parse(ResetPasswordSchema, { token: 'abc', password: 'abcdef', confirmPassword: 'abcdef' }).value).toEqual({ token: 'abc', password: 'abcdef', confirmPassword: 'abcdef' })
    expect(errorsOf(ResetPasswordSchema, { token: 'abc', password: '', confirmPassword: '' })).toEqual({
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    })
    expect(errorsOf(ResetPasswordSchema, { password: 'abc', confirmPassword: 'abc' }).password).toBe('Password must be at least 6 characters')
    expect(errorsOf(ResetPasswordSchema, { password: 'abcdef', confirmPassword: 'abcdeg' }).confirmPassword).toBe('Passwords do not match')
  })
})

describe('contact', () => {
  const valid = { name: ' Bo ', email: 'bo@example.com ', subject: 'General question', message: ' Hello there. ' }

  test('parses a valid form into trimmed text and one of the listed subjects', () => {
    expect(parse(ContactSchema, valid).value).toEqual({ name: 'Bo', email: 'bo@example.com', subject: 'General question', message: 'Hello there.' })
  })

  test('each of the four fields says what is missing', () => {
    expect(errorsOf(ContactSchema, {})).toEqual({
      name: 'Please enter your name',
      email: 'Email is required',
      subject: 'Please choose a subject',
      message: 'Please write your message',
    })
  })

  test('a subject not on the list, a bad e-mail and over-long text are refused', () => {
    expect(errorsOf(ContactSchema, { ...valid, subject: 'Free money' }).subject).toBe('Please choose a subject from the list')
    expect(errorsOf(ContactSchema, { ...valid, email: 'bo@' }).email).toBe('Please enter a valid email address')
    expect(errorsOf(ContactSchema, { ...valid, name: long(101) }).name).toBe('Please keep this under 100 characters')
    expect(errorsOf(ContactSchema, { ...valid, message: long(5001) }).message).toBe('Please keep this under 5000 characters')
  })

  test('a line break counts as the one character the browser counted, however it is sent', () => {
    // The box's maxlength counts a line break once; a post without JavaScript sends it as CR LF.
    const lines = Array.from({ length: 50 }, () => long(99)).join('\r\n')
    expect(lines.length).toBe(5048)
    const parsed = parse(ContactSchema, { ...valid, message: lines })
    expect(parsed.success).toBe(true)
    expect(parsed.value?.message).toBe(Array.from({ length: 50 }, () => long(99)).join('\n'))
    expect(errorsOf(ContactSchema, { ...valid, message: `${long(4999)}\r\n\r\n` }).message).toBe('Please keep this under 5000 characters')
  })

  test('control characters and direction overrides, which only a forged post has, are not kept', () => {
    const parsed = parse(ContactSchema, { ...valid, message: 'hi\u0000 there\u202Egnp.exe\u001B[31m\u0008\tend\u0085' })
    expect(parsed.value?.message).toBe('hi theregnp.exe[31m\tend')
  })

  test('a name of nothing but invisible characters is no name', () => {
    expect(errorsOf(ContactSchema, { ...valid, name: '\u200B' }).name).toBe('Please enter your name')
    expect(errorsOf(ContactSchema, { ...valid, name: ' \u200B\u2060\uFEFF ' }).name).toBe('Please enter your name')
    expect(parse(ContactSchema, { ...valid, name: 'Ann\u200DLee' }).success).toBe(true)
  })
})

describe('newsletter', () => {
  test('the e-mail is required and must look like an e-mail (spec §5)', () => {
    expect(parse(NewsletterSchema, { email: ' reader@example.com', redirectTo: '/about', enhanced: '1' }).value).toEqual({
      email: 'reader@example.com',
      redirectTo: '/about',
      enhanced: '1',
    })
    expect(errorsOf(NewsletterSchema, { email: '' }).email).toBe('Email is required')
    expect(errorsOf(NewsletterSchema, { email: 'reader@' }).email).toBe('Please enter a valid email address')
  })
})

describe('lesson request', () => {
  const valid = { slot: '2026-11-24T17:00:00.000Z', name: 'Lily Moss', email: 'lily@example.com', message: '' }

  test('parses a valid form; the message is optional', () => {
    expect(parse(LessonRequestSchema, { ...valid, message: ' GCSE revision ' }).value).toEqual({ ...valid, message: 'GCSE revision' })
    expect(parse(LessonRequestSchema, valid).success).toBe(true)
  })

  test('a time, a name and a valid e-mail are needed, and the message has a limit', () => {
    expect(errorsOf(LessonRequestSchema, { ...valid, slot: '' }).slot).toBe('Choose one of the free times')
    expect(errorsOf(LessonRequestSchema, { ...valid, name: ' ' }).name).toBe('Name is required')
    expect(errorsOf(LessonRequestSchema, { ...valid, email: 'lily' }).email).toBe('Please enter a valid email address')
    expect(errorsOf(LessonRequestSchema, { ...valid, message: long(3001) }).message).toBe('Please keep this under 3000 characters')
  })
})

describe('class reservation', () => {
  const valid = { session: 'python-first-steps@2026-11-28', name: 'Sam', yearGroup: 'Year 7' }

  test('parses a valid form', () => {
    expect(parse(ClassReservationSchema, valid).value).toEqual(valid)
  })

  test('each field says what is missing, and a year group must be one of the list', () => {
    expect(errorsOf(ClassReservationSchema, {})).toEqual({
      session: 'Please choose a class from the timetable',
      name: 'Name is required',
      yearGroup: "Please choose the student's year group",
    })
    expect(errorsOf(ClassReservationSchema, { ...valid, yearGroup: 'Year 99' }).yearGroup).toBe("Please choose the student's year group")
  })
})

describe('tutor application', () => {
  const valid = {
    name: 'Tom',
    email: 'tom@example.com',
    subjects: ['Mathematics', 'Physics', 'Mathematics'],
    levels: ['IGCSE'],
    experienceYears: ' 2 ',
    hasEquipment: 'yes',
    statement: 'I have tutored maths for years and love helping nervous students gain confidence.',
  }

  test('parses a valid form: lists without repeats, the years as a number, the equipment as a yes', () => {
    expect(parse(TutorApplicationSchema, valid).value).toEqual({ ...valid, subjects: ['Mathematics', 'Physics'], experienceYears: 2, hasEquipment: true })
  })

  test('every field missing gives each its own message', () => {
    expect(errorsOf(TutorApplicationSchema, {})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subjects: 'Choose at least one subject you teach',
      levels: 'Choose at least one level you teach',
      experienceYears: 'Tell us how many years you have taught',
      hasEquipment: 'You need a laptop or desktop, a webcam and a microphone to teach with us',
      statement: 'Tell us a little about how you teach',
    })
  })

  test('less than 1 year of experience, unknown subjects or levels, and a short statement are refused (spec §9)', () => {
    expect(errorsOf(TutorApplicationSchema, { ...valid, experienceYears: '0' }).experienceYears).toBe('You need at least 1 year of teaching or tutoring experience')
    expect(errorsOf(TutorApplicationSchema, { ...valid, experienceYears: 'ten' }).experienceYears).toBe('You need at least 1 year of teaching or tutoring experience')
    expect(errorsOf(TutorApplicationSchema, { ...valid, subjects: ['Astrology'] }).subjects).toBe('Choose at least one subject you teach')
    expect(errorsOf(TutorApplicationSchema, { ...valid, levels: ['GCSE'] }).levels).toBe('Choose at least one level you teach')
    expect(errorsOf(TutorApplicationSchema, { ...valid, statement: 'Short.' }).statement).toBe('Please write at least 50 characters')
    expect(errorsOf(TutorApplicationSchema, { ...valid, statement: long(3001) }).statement).toBe('Please keep this under 3000 characters')
  })
})

test('cookie consent: only "accepted" and "rejected" are answers', () => {
  expect(parse(CookieConsentSchema, { consent: 'accepted', redirectTo: '/' }).value).toEqual({ consent: 'accepted', redirectTo: '/' })
  expect(parse(CookieConsentSchema, { consent: 'maybe', redirectTo: '/' }).success).toBe(false)
})

// The public forms carry the honeypot; the pipeline turns any filled one into 'spam', valid or not.
const PUBLIC_FORMS: Array<[name: string, schema: FormSchema, valid: Fields]> = [
  ['contact', ContactSchema, { name: 'Bo', email: 'bo@example.com', subject: 'General question', message: 'Hello' }],
  ['newsletter', NewsletterSchema, { email: 'reader@example.com' }],
  ['sign-up', SignupSchema, { name: 'Ann', email: 'ann@example.com', password: 'secret1', confirmPassword: 'secret1' }],
  ['forgot password', ForgotPasswordSchema, { email: 'ann@example.com' }],
  ['lesson request', LessonRequestSchema, { slot: '2026-11-24T17:00:00.000Z', name: 'Lily', email: 'lily@example.com' }],
  ['class reservation', ClassReservationSchema, { session: 'a@2026-11-28', name: 'Sam', yearGroup: 'Year 7' }],
  [
    'tutor application',
    TutorApplicationSchema,
    { name: 'Tom', email: 'tom@example.com', subjects: ['Physics'], levels: ['IGCSE'], experienceYears: '3', hasEquipment: 'yes', statement: long(60) },
  ],
]

describe.each(PUBLIC_FORMS)('%s: the honeypot', (_name, schema, valid) => {
  test('a valid form with the hidden field empty is valid', async () => {
    expect((await readSubmission(post({ ...valid, website: '' }), schema)).status).toBe('valid')
  })

  test('a filled hidden field makes the post spam, valid fields or not', async () => {
    expect((await readSubmission(post({ ...valid, website: 'https://spam.example' }), schema)).status).toBe('spam')
    expect((await readSubmission(post({ website: 'x' }), schema)).status).toBe('spam')
  })
})

test('the pipeline echoes what was typed with the errors, but never a password', async () => {
  const submission = await readSubmission(post({ name: 'Ann', email: 'ann@', password: 'abc', confirmPassword: 'abd' }), SignupSchema)
  expect(submission.status).toBe('invalid')
  expect(submission.values).toEqual({ name: 'Ann', email: 'ann@' })
})
