import { expect, test } from 'vitest'

import { ContactForm } from '~/forms/contact'
import { LessonRequestForm } from '~/forms/lesson-request'
import { LoginForm } from '~/forms/login'
import { NewsletterForm } from '~/forms/newsletter'
import { ForgotPasswordForm, ResetPasswordForm } from '~/forms/password-reset'
import { SignupForm } from '~/forms/signup'
import { TutorApplicationForm } from '~/forms/tutor-application'
import { validate } from '~/forms/rules'

const validSignup = { name: 'Ann Lee', email: 'ann@example.com', password: 'secret1', confirmPassword: 'secret1' }

test('login: an empty e-mail shows "Email is required"', () => {
  expect(validate(LoginForm, { email: '', password: 'secret1' }).email).toBe('Email is required')
})

test('login: an e-mail without a domain shows "Please enter a valid email address"', () => {
  expect(validate(LoginForm, { email: 'ann@', password: 'secret1' }).email).toBe('Please enter a valid email address')
})

test('login: an empty password shows "Password is required"', () => {
  expect(validate(LoginForm, { email: 'ann@example.com', password: '' }).password).toBe('Password is required')
})

test('login: a 5-character password shows "Password must be at least 6 characters"', () => {
  expect(validate(LoginForm, { email: 'ann@example.com', password: 'abcde' }).password).toBe('Password must be at least 6 characters')
})

test('login: a valid e-mail and password pass', () => {
  expect(validate(LoginForm, { email: ' ann@example.com ', password: 'secret1' })).toEqual({})
})

test('sign-up: an empty name shows "Name is required"', () => {
  expect(validate(SignupForm, { ...validSignup, name: '   ' }).name).toBe('Name is required')
})

test('sign-up: a 5-character password shows "Password must be at least 6 characters"', () => {
  const errors = validate(SignupForm, { ...validSignup, password: 'abcde', confirmPassword: 'abcde' })
  expect(errors.password).toBe('Password must be at least 6 characters')
})

test('sign-up: a 6-character password is long enough (spec §9)', () => {
  expect(validate(SignupForm, { ...validSignup, password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({})
})

test('sign-up: an empty confirmation shows "Please confirm your password"', () => {
  expect(validate(SignupForm, { ...validSignup, confirmPassword: '' }).confirmPassword).toBe('Please confirm your password')
})

test('sign-up: a confirmation that differs shows "Passwords do not match"', () => {
  expect(validate(SignupForm, { ...validSignup, confirmPassword: 'secret2' }).confirmPassword).toBe('Passwords do not match')
})

test('sign-up: every field missing gives each field its own message', () => {
  expect(validate(SignupForm, {})).toEqual({
    name: 'Name is required',
    email: 'Email is required',
    password: 'Password is required',
    confirmPassword: 'Please confirm your password',
  })
})

test('reset: the e-mail is required and format-checked with the same messages', () => {
  expect(validate(ForgotPasswordForm, { email: '' }).email).toBe('Email is required')
  expect(validate(ForgotPasswordForm, { email: 'not an email' }).email).toBe('Please enter a valid email address')
})

test('new password: the sign-up rules apply', () => {
  expect(validate(ResetPasswordForm, { password: 'abc', confirmPassword: 'abc' }).password).toBe('Password must be at least 6 characters')
  expect(validate(ResetPasswordForm, { password: 'abcdef', confirmPassword: 'abcdeg' }).confirmPassword).toBe('Passwords do not match')
})

test('contact: all four fields are required, and the subject must be one of the list', () => {
  const errors = validate(ContactForm, { name: '', email: '', subject: 'Free money', message: '' })
  expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name', 'subject'])
})

test('contact: an over-long message is refused', () => {
  const errors = validate(ContactForm, { name: 'Bo', email: 'bo@example.com', subject: 'General question', message: 'x'.repeat(5001) })
  expect(errors.message).toMatch(/under 5000 characters/)
})

test('tutor application: less than 1 year of experience is refused (spec §9)', () => {
  const application = {
    name: 'Tom',
    email: 'tom@example.com',
    subjects: 'Mathematics',
    levels: 'GCSE',
    experienceYears: '0',
    hasEquipment: 'yes',
    statement: 'I have tutored maths for years and love helping nervous students gain confidence.',
  }
  expect(validate(TutorApplicationForm, application).experienceYears).toMatch(/at least 1 year/)
  expect(validate(TutorApplicationForm, { ...application, experienceYears: '1', levels: 'IGCSE' })).toEqual({})
  expect(validate(TutorApplicationForm, { ...application, experienceYears: '2', hasEquipment: '' }).hasEquipment).toMatch(/webcam/)
})

test('newsletter: the e-mail is required and must look like an e-mail (spec §5)', () => {
  expect(validate(NewsletterForm, { email: '' }).email).toBe('Email is required')
  expect(validate(NewsletterForm, { email: 'reader@' }).email).toBe('Please enter a valid email address')
  expect(validate(NewsletterForm, { email: 'reader@example.com' })).toEqual({})
})

test('lesson request: a time, a name and a valid e-mail are needed; the message is optional', () => {
  const request = { slot: '2026-11-24T17:00:00.000Z', name: 'Lily Moss', email: 'lily@example.com', message: '' }
  expect(validate(LessonRequestForm, request)).toEqual({})
  expect(validate(LessonRequestForm, { ...request, slot: '' }).slot).toBe('Choose one of the free times')
  expect(validate(LessonRequestForm, { ...request, name: ' ' }).name).toBe('Name is required')
  expect(validate(LessonRequestForm, { ...request, email: 'lily' }).email).toBe('Please enter a valid email address')
})
