import { useEffect, useState } from 'react'

/** False in the server's HTML and until React runs in the browser: a control that needs JavaScript waits for true. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
