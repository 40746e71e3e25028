/** A notice about the visitor's own account across the top of the page it lands on (a deleted account on `/`). */
export function SiteNotice({ message }: { message: string }) {
  return (
    <div role="status" className="border-b border-emerald-200 bg-emerald-50">
      <p className="page-container py-3 text-sm font-medium text-emerald-900">{message}</p>
    </div>
  )
}
