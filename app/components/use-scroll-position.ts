import { useEffect, useState } from 'react'

/** Window scroll offset, read once per animation frame while the page scrolls. */
export function useScrollY() {
  const [scrollY, setScrollY] = useState(0)
  useEffect(() => {
    let frame = 0
    const read = () => {
      frame = 0
      setScrollY(window.scrollY)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read)
    }
    read()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return scrollY
}
