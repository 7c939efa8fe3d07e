// A labelled group of radio buttons (or checkboxes with `multiple`), with its error announced.
import { FormError } from '@/components/ui/form-error'
import styles from './onboarding.module.css'

export interface Choice {
  value: string
  label: string
}

export function ChoiceGroup({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
  multiple = false,
}: {
  legend: string
  name: string
  choices: Choice[]
  value: string[]
  onChange: (value: string[]) => void
  error?: string
  multiple?: boolean
}) {
  const toggle = (v: string, on: boolean) =>
    onChange(multiple ? (on ? [...value, v] : value.filter((x) => x !== v)) : [v])
  return (
    <fieldset className={styles.fieldset} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choices}>
        {choices.map((c) => (
          <label key={c.value} className={styles.choice}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={c.value}
              checked={value.includes(c.value)}
              onChange={(e) => toggle(c.value, e.target.checked)}
              data-testid={`${name}-${c.value}`}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {error && <FormError>{error}</FormError>}
    </fieldset>
  )
}
