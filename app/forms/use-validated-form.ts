import { useEffect, useRef, useState, type FormEvent } from 'react'

import { hasErrors, validate, type FieldErrors, type FormSchema } from '~/forms/rules'

function formValues(form: HTMLFormElement) {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = name in values ? `${values[name]}\n${value}` : value
  }
  return values
}

/**
 * The browser half of a form's validation: the same schema the action runs, checked
 * before sending (spec §4: login and sign-up submit only when valid). A field's error
 * clears once it is edited, and focus moves to the first invalid field.
 */
export function useValidatedForm<Field extends string>(schema: FormSchema<Field>, serverErrors: FieldErrors<Field> | undefined) {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors<Field>>(serverErrors ?? {})
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    setErrors(serverErrors ?? {})
    if (serverErrors && hasErrors(serverErrors)) setAttempt((count) => count + 1)
  }, [serverErrors])

  useEffect(() => {
    if (attempt === 0) return
    // A checkbox or radio group marks itself data-invalid; its first box takes the focus.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus()
  }, [attempt])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = validate(schema, formValues(event.currentTarget))
    if (!hasErrors(found)) return
    event.preventDefault()
    setErrors(found)
    setAttempt((count) => count + 1)
  }

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLInputElement
    if (!(name in errors)) return
    setErrors((current) => {
      const next = { ...current }
      delete next[name as Field]
      return next
    })
  }

  return { formRef, errors, onSubmit, onChange }
}
