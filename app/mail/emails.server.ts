// Every e-mail the site sends, as subject and text from the facts it needs. Links are
// absolute, from SITE_URL (siteOrigin), never from a request's Host header.
import { RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'
import { siteOrigin, type Mail } from '~/mail/mail.server'
import { SITE } from '~/site'

type Email = Omit<Mail, 'to'>

export function passwordResetEmail(name: string, token: string): Email {
  const link = `${siteOrigin()}/reset-password?${new URLSearchParams({ token })}`
  return {
    subject: `Reset your ${SITE.name} password`,
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your account. To choose a new one, open this link:',
      '',
      link,
      '',
      `The link works once and expires in ${RESET_LINK_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.`,
      '',
      SITE.name,
    ].join('\n'),
  }
}

/** The link each mailing carries. It opens a page that asks before removing anything. */
export function unsubscribeUrl(token: string) {
  return `${siteOrigin()}/newsletter/unsubscribe?${new URLSearchParams({ token })}`
}

export function newsletterWelcomeEmail(unsubscribeToken: string): Email {
  const link = unsubscribeUrl(unsubscribeToken)
  return {
    subject: `Welcome to the ${SITE.name} newsletter`,
    text: [
      'Hello,',
      '',
      `Thank you for subscribing to the ${SITE.name} newsletter. About once a month we will send you study tips and news of our free classes.`,
      '',
      'If you did not ask for this, or you change your mind, unsubscribe here. Every newsletter we send carries this link:',
      '',
      link,
      '',
      SITE.name,
    ].join('\n'),
    // RFC 2369 and RFC 8058: mail apps show their own unsubscribe button, and a one-click
    // POST to the link (no Origin, as a server sends it) removes the address.
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

export function classPlaceEmail(place: { name: string; title: string; day: string; when: string; yearGroup: string; paymentDue?: string }): Email {
  return {
    subject: `Your place: ${place.title}, ${place.day}`,
    text: [
      `Hello ${place.name},`,
      '',
      `Your place is reserved: ${place.title}`,
      `When: ${place.when} (London time)`,
      `Student's year group: ${place.yearGroup}`,
      '',
      'We will email the joining link the day before. If you can no longer come, reply to this email so we can offer the place to someone else.',
      ...(place.paymentDue ? ['', place.paymentDue] : []),
      '',
      `Timetable: ${siteOrigin()}/classes`,
      SITE.name,
    ].join('\n'),
  }
}
