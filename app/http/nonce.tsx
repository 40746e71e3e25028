import { createContext, useContext } from 'react'

// The CSP nonce of a personal page's response, set on the server. A page that is the same
// for everyone has none (its CSP lists its inline scripts' hashes), nor does the browser.
const NonceContext = createContext<string | undefined>(undefined)

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
