import { useFetcher, useLocation } from '@remix-run/react'

import { SOCIAL_PROVIDERS, SOCIAL_SIGN_IN_QUERY, type SocialSignInResult } from '~/forms/social-sign-in'

/**
 * The Google, Facebook and Apple buttons (spec §2). No identity provider is
 * connected, so each posts to this page's action, which says so plainly; with
 * JavaScript the answer appears in place, without it on the returned page.
 */
export function SocialSignIn({ verb, notice }: { verb: 'Sign in' | 'Sign up'; notice?: string }) {
  const fetcher = useFetcher<SocialSignInResult>({ key: 'social-sign-in' })
  const { pathname } = useLocation()
  const message = fetcher.data?.socialNotice ?? notice
  return (
    <div className="mt-8">
      <p className="flex items-center gap-3 text-sm text-ink-600 before:h-px before:flex-1 before:bg-ink-200 after:h-px after:flex-1 after:bg-ink-200">
        or {verb.toLowerCase()} with
      </p>
      <fetcher.Form method="post" action={`${pathname}?${SOCIAL_SIGN_IN_QUERY}`} className="mt-4 grid grid-cols-3 gap-2">
        {SOCIAL_PROVIDERS.map((provider) => (
          <button key={provider} type="submit" name="provider" value={provider} className="btn-secondary px-2" disabled={fetcher.state !== 'idle'}>
            {provider}
          </button>
        ))}
      </fetcher.Form>
      <p role="status" className="mt-3 min-h-[1.25rem] text-sm text-ink-700">
        {message}
      </p>
    </div>
  )
}
