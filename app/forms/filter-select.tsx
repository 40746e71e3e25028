import { CONTROL } from '~/forms/field-style'

export type Option = { value: string; label: string }

/** A labelled select of a GET filter form; its first option, `anyLabel`, leaves the filter unset. */
export function FilterSelect({ label, name, options, value, anyLabel }: { label: string; name: string; options: readonly Option[]; value?: string; anyLabel: string }) {
  return (
    <div>
      <label htmlFor={`search-${name}`} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <select
        id={`search-${name}`}
        name={name}
        defaultValue={value ?? ''}
        className={`${CONTROL} h-11`}
      >
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
