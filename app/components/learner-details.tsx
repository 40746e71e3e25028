/** A learner's profile as a lesson request carries it (issue 28), for the tutor and the office. */
export type Learner = { learnerName: string; level: string; subjects: string[]; goals: string }

export function LearnerDetails({ learner }: { learner: Learner }) {
  const rows = [
    ['Learner', learner.learnerName],
    ['Year group or level', learner.level],
    ['Subjects', learner.subjects.join(', ')],
    ['Goals', learner.goals],
  ].filter(([, value]) => value !== '')
  return (
    <div className="mt-3 rounded-lg bg-ink-50 p-3 text-sm">
      <p className="font-semibold text-ink-900">Learner&apos;s profile</p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink-700">{term}</dt>
            <dd className="whitespace-pre-wrap text-ink-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
