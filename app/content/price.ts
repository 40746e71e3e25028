/** spec §3: a price is written 'P' and the hourly amount, e.g. P510: a tutor's and a plan's alike. */
export function formatPrice(amount: number) {
  return `P${amount}`
}

type PricedPlan = { pricePerHour: number | null; pricePrefix?: string | undefined; priceNote: string }

/**
 * A plan's price line in reading order, so the amount can stand out without the words around it
 * reading backwards: "from P510 per hour", "P340 per student, per hour", "Free, always".
 */
export function planPriceParts({ pricePerHour, pricePrefix, priceNote }: PricedPlan) {
  if (pricePerHour === null) return { before: '', amount: 'Free', after: `, ${priceNote}` }
  return { before: pricePrefix ? `${pricePrefix} ` : '', amount: formatPrice(pricePerHour), after: ` ${priceNote}` }
}

export function formatPlanPrice(plan: PricedPlan) {
  const { before, amount, after } = planPriceParts(plan)
  return `${before}${amount}${after}`
}
