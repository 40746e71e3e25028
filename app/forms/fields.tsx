import { useEffect, useState, type ComponentProps, type ReactNode } from 'react'
import { CONTROL } from '~/forms/field-style'
import { Icon } from '~/components/icon'

type FieldProps = { label: string; name: string; error?: string; hint?: string }

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

export function TextField({ label, name, error, hint, ...input }: FieldProps & Omit<ComponentProps<'input'>, 'name'>) {
  const id = `field-${name}`
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

export function TextAreaField({ label, name, error, hint, ...textarea }: FieldProps & Omit<ComponentProps<'textarea'>, 'name'>) {
  const id = `field-${name}`
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
  ...select
}: FieldProps & Omit<ComponentProps<'select'>, 'name'> & { options: ReadonlyArray<string | { value: string; label: string }>; placeholder: string }) {
  const id = `field-${name}`
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
export function PasswordField({ label, name, error, hint, ...input }: FieldProps & Omit<ComponentProps<'input'>, 'name' | 'type'>) {
  const id = `field-${name}`
  const [shown, setShown] = useState(false)
  const [interactive, setInteractive] = useState(false)
  useEffect(() => setInteractive(true), [])
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

/** A form-level message: an error, or a confirmation. */
export function FormNotice({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-brand-200 bg-brand-50 text-brand-900',
  }[tone]
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 text-sm font-medium ${styles}`}>
      {children}
    </div>
  )
}

/** A form's submit button: its label changes and it is disabled while the post is in flight. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-80" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  )
}
