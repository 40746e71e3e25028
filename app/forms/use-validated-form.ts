import { useEffect, useRef, useState, type FormEvent } from 'react'

import { checkForm, readFormInput, type FieldErrors, type FieldOf, type FormSchema } from '~/forms/rules'

/**
 * The browser half of a form's validation: the same schema the action runs, checked
 * before sending (spec §4: login and sign-up submit only when valid). A field's error
 * clears once it is edited, and focus moves to the first invalid field.
 */
export function useValidatedForm<Schema extends FormSchema>(schema: Schema, serverErrors: FieldErrors<FieldOf<Schema>> | undefined) {
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FieldErrors<FieldOf<Schema>>>(serverErrors ?? {})
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    setErrors(serverErrors ?? {})
    if (serverErrors && Object.keys(serverErrors).length > 0) setAttempt((count) => count + 1)
  }, [serverErrors])

  useEffect(() => {
    if (attempt === 0) return
    // A checkbox or radio group marks itself data-invalid; its first box takes the focus.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus()
  }, [attempt])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkForm(schema, readFormInput(schema, new FormData(event.currentTarget)))
    if (checked.success) return
    event.preventDefault()
    setErrors(checked.fieldErrors)
    setAttempt((count) => count + 1)
  }

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLInputElement
    if (!(name in errors)) return
    setErrors((current) => {
      const next = { ...current }
      delete next[name as FieldOf<Schema>]
      return next
    })
  }

  return { formRef, errors, onSubmit, onChange }
}
