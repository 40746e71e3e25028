import { useId } from 'react'

/** The name of the field people never see or fill; software that fills every field gets caught by it. */
export const HONEYPOT_FIELD = 'website'

/** The hidden field itself, in every public form; the form pipeline refuses posts that fill it. */
export function Honeypot() {
  // A page may hold two forms with one (the footer's newsletter and the page's own).
  const id = useId()
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
