import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { CONTROL } from '~/forms/field-style'
import { Icon } from '~/components/icon'
import { useHydrated } from '~/components/use-hydrated'

// `id` defaults to `field-<name>`; a page with two forms that share a field name gives one its own.
type FieldProps = { label: string; name: string; error?: string; hint?: string; id?: string }

function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

/** Label, hint and error around one control; the error is tied to it with aria-describedby. */
function FieldShell({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/**
 * A field's error, under it; the field points to it with aria-describedby. The live region
 * is always there, even empty, because screen readers only announce changes to a region
 * that already exists: an error appearing after a failed submit is read out.
 */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <div aria-live="polite">
      {error ? (
        <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function TextField({ label, name, error, hint, id: givenId, ...input }: FieldProps & Omit<ComponentProps<'input'>, 'name'>) {
  const id = givenId ?? `field-${name}`
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${CONTROL} h-11`}
        {...input}
      />
    </FieldShell>
  )
}

export function TextAreaField({ label, name, error, hint, id: givenId, ...textarea }: FieldProps & Omit<ComponentProps<'textarea'>, 'name'>) {
  const id = givenId ?? `field-${name}`
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${CONTROL} py-2.5`}
        {...textarea}
      />
    </FieldShell>
  )
}

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  placeholder,
  id: givenId,
  ...select
}: FieldProps & Omit<ComponentProps<'select'>, 'name'> & { options: ReadonlyArray<string | { value: string; label: string }>; placeholder: string }) {
  const id = givenId ?? `field-${name}`
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${CONTROL} h-11`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option
          return (
            <option key={value} value={value}>
              {label}
            </option>
          )
        })}
      </select>
    </FieldShell>
  )
}

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it
 * appears only once the page is interactive; without it the field is a plain password box.
 */
export function PasswordField({ label, name, error, hint, id: givenId, ...input }: FieldProps & Omit<ComponentProps<'input'>, 'name' | 'type'>) {
  const id = givenId ?? `field-${name}`
  const [shown, setShown] = useState(false)
  const interactive = useHydrated()
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${CONTROL} h-11 ${interactive ? 'pr-12' : ''}`}
          {...input}
        />
        {interactive ? (
          <button
            type="button"
            aria-pressed={shown}
            aria-label={`Show ${label.toLowerCase()}`}
            onClick={() => setShown((value) => !value)}
            disabled={input.disabled}
            className="absolute right-1 top-1/2 flex h-10 w-10 -translate-y-[calc(50%-3px)] items-center justify-center rounded-lg text-ink-600 hover:text-ink-900"
          >
            {shown ? <Icon name="eye-off" className="h-5 w-5" /> : <Icon name="eye" className="h-5 w-5" />}
          </button>
        ) : null}
      </div>
    </FieldShell>
  )
}

/** A group of checkboxes sending `name` once per ticked box; its error is tied to the group. */
export function CheckboxGroup({ legend, name, options, chosen, error }: { legend: string; name: string; options: readonly string[]; chosen: string[]; error?: string }) {
  const errorId = `field-${name}-error`
  return (
    <fieldset aria-describedby={error ? errorId : undefined} data-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-ink-900">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-ink-800">
            <input type="checkbox" name={name} value={option} defaultChecked={chosen.includes(option)} className="h-4 w-4 rounded border-ink-500" />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  )
}

/**
 * Whether the focus has fallen back to the page, as it does from a control disabled or removed under
 * it, or is about to: Chromium moves it off a disabled control only when it next draws the page, so
 * an answer that comes sooner still finds it on the button its post disabled.
 */
function isFocusLost() {
  const focused = document.activeElement
  return focused === null || focused === document.body || !focused.isConnected || focused.matches(':disabled')
}

/**
 * A form-level message: an error, or a confirmation. It may name what was typed (an address, a name),
 * which wraps anywhere rather than widen a phone's page. `focusOnShow`: the answer that takes the place
 * of the form (or the row) whose button had the focus, so the focus goes on from it rather than from
 * the top of the page.
 */
export function FormNotice({ tone, children, focusOnShow = false }: { tone: 'error' | 'success' | 'info'; children: ReactNode; focusOnShow?: boolean }) {
  const notice = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focusOnShow && isFocusLost()) notice.current?.focus()
  }, [focusOnShow, children])
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-brand-200 bg-brand-50 text-brand-900',
  }[tone]
  return (
    <div ref={notice} tabIndex={focusOnShow ? -1 : undefined} role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 text-sm font-medium [overflow-wrap:anywhere] ${styles}`}>
      {children}
    </div>
  )
}

/**
 * A form's submit button: its label changes and it is disabled while the post is in flight. Disabled,
 * it loses the keyboard's focus to the page; when the answer comes it takes it back, so a keyboard or
 * screen reader user goes on from where they were, unless something took it meanwhile (the first field
 * with an error takes it after, as useValidatedForm moves it there).
 */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  const button = useRef<HTMLButtonElement>(null)
  const wasBusy = useRef(busy)
  useEffect(() => {
    if (wasBusy.current && !busy && isFocusLost()) button.current?.focus()
    wasBusy.current = busy
  }, [busy])
  return (
    <button ref={button} type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-80" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  )
}
