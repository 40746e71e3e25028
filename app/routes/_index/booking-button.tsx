import { Link } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '~/components/icon'

/**
 * spec §1, §7: the hero's third-party booking button. Its script loads only when
 * one is configured and the hero is on screen, and is removed when the hero
 * leaves. Until it has rendered (or if it fails) a plain link to /contact stands
 * in, so the page never waits on a third party.
 */
export function BookingButton({ scriptUrl }: { scriptUrl: string | null }) {
  const wrapperRef = useRef<HTMLDivElement>(null)
  const slotRef = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<'fallback' | 'loaded'>('fallback')

  useEffect(() => {
    const wrapper = wrapperRef.current
    const slot = slotRef.current
    if (!scriptUrl || !wrapper || !slot || !('IntersectionObserver' in window)) return
    let script: HTMLScriptElement | null = null
    const unload = () => {
      script?.remove()
      script = null
      slot.replaceChildren()
      setStatus('fallback')
    }
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !script) {
        script = document.createElement('script')
        script.src = scriptUrl
        script.async = true
        script.onload = () => setStatus('loaded')
        script.onerror = unload
        slot.appendChild(script)
      } else if (!entry?.isIntersecting && script) {
        unload()
      }
    })
    observer.observe(wrapper)
    return () => {
      observer.disconnect()
      unload()
    }
  }, [scriptUrl])

  return (
    <div ref={wrapperRef} className="booking-slot">
      <div ref={slotRef} className="booking-embed" hidden={status !== 'loaded'} />
      {status === 'fallback' ? (
        <Link to="/contact" className="btn-secondary h-12 px-6 text-base">
          <Icon name="calendar-check" className="h-5 w-5" />
          Book a free consultation
        </Link>
      ) : null}
    </div>
  )
}
