import { useNavigation } from '@remix-run/react'

/**
 * True while this page's own form post is in flight or its redirect is loading; with `action`
 * (a page of several forms, told apart by `?intent=`), only a post to that action.
 */
export function useIsPosting(action?: string) {
  const navigation = useNavigation()
  if (navigation.state === 'idle' || navigation.formMethod !== 'POST') return false
  return action === undefined || (navigation.formAction ?? '').endsWith(action)
}
