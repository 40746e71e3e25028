import type { ReactNode } from 'react'

/** The panel that holds a page's one small form (log in, sign up, password reset, unsubscribe). */
export function AuthCard({ children }: { children: ReactNode }) {
  return <div className="card mb-10 max-w-md p-6 sm:p-8">{children}</div>
}
