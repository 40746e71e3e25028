import { useNavigation } from '@remix-run/react'

/** True while this page's own form post is in flight or its redirect is loading. */
export function useIsPosting() {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod === 'POST'
}
