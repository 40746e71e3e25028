/** spec §3: a price is written 'P' and the hourly amount, e.g. P510: a tutor's and a plan's alike. */
export function formatPrice(amount: number) {
  return `P${amount}`
}
