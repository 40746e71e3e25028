import { createContext, useContext } from 'react'

// The per-request CSP nonce: set on the server; empty in the browser, which hides it.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
