/** '1 year', '14 years': a tutor's experience, or an applicant's. */
export function formatExperience(years: number) {
  return `${years} ${years === 1 ? 'year' : 'years'}`
}
