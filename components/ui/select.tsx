// Labelled native select: native for keyboard and screen-reader behaviour for free.
import { useId, type SelectHTMLAttributes } from 'react'
import { FormError } from './form-error'
import { ChevronDownIcon } from './icons'
import styles from './field.module.css'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string
  name: string
  options: SelectOption[]
  error?: string
}

export function Select({ label, name, options, error, id, className, ...rest }: SelectProps) {
  const autoId = useId()
  const selectId = id ?? `${name}-${autoId}`
  const errorId = error ? `${selectId}-error` : undefined
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <div className={styles.selectWrap}>
        <select
          {...rest}
          id={selectId}
          name={name}
          className={`${styles.control} ${styles.select} ${error ? styles.invalid : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={[rest['aria-describedby'], errorId].filter(Boolean).join(' ') || undefined}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className={styles.selectIcon} />
      </div>
      {error && <FormError id={errorId}>{error}</FormError>}
    </div>
  )
}
