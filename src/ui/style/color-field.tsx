import { useEffect, useId, useState } from 'react'
import { cx } from 'styled-system/css'
import { normalizeHex } from '../../domain/style-config'
import { field } from '../shell/field.recipe'
import { colorsTab } from './colors.recipe'

const styles = colorsTab()

/**
 * A colour as a picker plus a hex text field. What is typed stays in the field until it is a
 * colour; only then does it reach the editor, so an invalid hex is never applied.
 */
export function ColorField({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string
  value: string
  placeholder: string
  onChange: (hex: string) => void
}) {
  const id = useId()
  const [text, setText] = useState(value)
  // A preset or a fix changed the colour: show it, unless the field already means it.
  useEffect(() => {
    setText((typed) => (normalizeHex(typed) === value ? typed : value))
  }, [value])
  const invalid = normalizeHex(text) === null
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.fieldRow}>
        <input
          type="color"
          aria-label={`${label} picker`}
          className={styles.picker}
          value={value.toLowerCase()}
          onChange={(event) => onChange(normalizeHex(event.target.value) ?? value)}
        />
        <input
          id={id}
          type="text"
          inputMode="text"
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          className={cx(field(), styles.hexInput)}
          placeholder={placeholder}
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            const typed = event.target.value
            setText(typed)
            const hex = normalizeHex(typed)
            if (hex !== null && hex !== value) onChange(hex)
          }}
        />
      </div>
      {invalid && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          Enter a hex colour such as {placeholder}: # and 6 digits or letters A–F.
        </p>
      )}
    </div>
  )
}
