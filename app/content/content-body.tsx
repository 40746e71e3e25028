import { useNavigate } from '@remix-run/react'
import { type MouseEvent } from 'react'

/**
 * A page's MDX, already rendered to HTML on the server. Clicks on its internal
 * links become client-side navigations, like the rest of the site's links.
 */
export function ContentBody({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate()

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return
    }
    const anchor = (event.target as HTMLElement).closest('a')
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return
    const url = new URL(anchor.href, window.location.href)
    if (url.origin !== window.location.origin) return
    event.preventDefault()
    navigate(url.pathname + url.search + url.hash)
  }
  return (
    // The listener only upgrades clicks on real links inside; the div itself is not interactive.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={className} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: html }} />
  )
}
