// Facts an editor can drop into copy: `<Fact name="refundTime" />` in MDX, `{refundTime}`
// in a data file's text. Each is written once, in site.ts or a data file, and read here.
import type { PricingFile } from '~/content/schema'
import { CLAIMS, COMPANY, ONLINE_CARD_CATCHES_UP_MINUTES, RULES, SITE, SUPPORT, supportTime } from '~/site'

export type Facts = Readonly<Record<string, string>>

export function buildFacts(pricing: PricingFile): Facts {
  return {
    siteName: SITE.name,
    supportEmail: SITE.supportEmail,
    safeguardingEmail: SITE.safeguardingEmail,
    companyName: COMPANY.name,
    companyRegisteredIn: COMPANY.registeredIn,
    companyNumber: COMPANY.number,
    registeredOffice: COMPANY.registeredOffice,
    location: SITE.location,
    trustBadge: CLAIMS.trustBadge,
    tutors: CLAIMS.tutors,
    students: CLAIMS.students,
    lessons: CLAIMS.lessons,
    rating: CLAIMS.rating,
    support: CLAIMS.support,
    replyWithin: SUPPORT.replyWithin,
    supportHours: SUPPORT.hours.map((row) => `${row.days} ${supportTime(row)}`).join(', '),
    cancellationWindow: `${RULES.cancellationWindowHours} hours`,
    onlineCardCatchesUp: `${ONLINE_CARD_CATCHES_UP_MINUTES} minutes`,
    reminderNotice: `${RULES.reminderHoursBefore} hours`,
    refundTime: `${RULES.refundBusinessDays} business days`,
    // "groups of 3 and 5" lists the sizes; "a group of 3 or 5" is one group, which has one size.
    groupSizes: RULES.groupSizes.join(' and '),
    groupSize: RULES.groupSizes.join(' or '),
    topRatedFrom: String(RULES.topRatedFrom),
    joinEarly: `${RULES.joinEarlyMinutes} minutes`,
    passwordMinLength: String(RULES.passwordMinLength),
    confirmationLinkValidity: `${RULES.confirmationLinkValidDays} days`,
    automaticMailLimit: `${RULES.automaticMailsPerHour} acknowledgements, ${RULES.automaticMailsPerHour} account links (confirmation and reset links), ${RULES.automaticMailsPerHour} notices of what others tried with it (a sign-up, a move to it) and ${RULES.automaticMailsPerHour} alerts of changes to its account (a new password, a new address)`,
    tutorMinExperience: `${RULES.tutorMinYearsExperience} year`,
    ...pricingFacts(pricing),
  }
}

/** The facts pricing.json gives: how long a pack is valid, and each pack's saving. */
export function pricingFacts({ packs, packValidMonths }: PricingFile): Facts {
  const facts: Record<string, string> = { packValidity: `${packValidMonths} months` }
  for (const pack of packs) facts[`pack${pack.lessons}Saving`] = `${pack.savingPercent}%`
  return facts
}

const FACT_TOKEN = /\{([A-Za-z0-9]+)\}/g

/**
 * Replaces `{factName}` tokens in every string of a data file's contents.
 * Returns the filled copy and, for each unknown token, the field that used it.
 */
export function fillFactTokens<T>(value: T, facts: Facts): { value: T; unknown: string[] } {
  const unknown: string[] = []
  const fill = (node: unknown, field: string): unknown => {
    if (typeof node === 'string') {
      return node.replace(FACT_TOKEN, (token, name: string) => {
        if (name in facts) return facts[name]!
        unknown.push(`${field || 'value'} uses ${token}, which is not a known fact`)
        return token
      })
    }
    if (Array.isArray(node)) return node.map((item, index) => fill(item, `${field}[${index}]`))
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, item]) => [key, fill(item, field ? `${field}.${key}` : key)]),
      )
    }
    return node
  }
  return { value: fill(value, '') as T, unknown }
}
