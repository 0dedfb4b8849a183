import { useSelector } from '@xstate/react'
import { useId, useRef } from 'react'
import { cx } from 'styled-system/css'
import type { ActorRefFrom, AnyActorRef } from 'xstate'
import { type PromptVariable, parsePrompt } from '../../domain/prompt-variables'
import type {
  promptVariablesMachine,
  VariablesPurpose,
} from '../../machines/prompt-variables.machine'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { field } from '../shell/field.recipe'
import { fieldLabel, textField } from './prompt-field.recipe'
import { promptVariablesForm } from './prompt-variables.recipe'

type VariablesForm = ActorRefFrom<typeof promptVariablesMachine>

const styles = promptVariablesForm()

const SUBMIT_LABEL: Record<VariablesPurpose, string> = {
  run: 'Run',
  insert: 'Insert',
  activate: 'Activate',
}

/** The form a machine is running as its child `variables`, if any. */
const formOf = (snapshot: { children: Record<string, AnyActorRef | undefined> } | undefined) =>
  snapshot?.children.variables as VariablesForm | undefined

/**
 * The variables form (docs/product/variables.md), for whichever prompt actor opened it: the
 * library's Run, a quick-prompt run, the `/` picker or a system prompt's activation. One
 * dialog for all four; Escape, the backdrop and Cancel all cancel.
 */
export function PromptVariablesDialog() {
  const { library, quickPrompts, activation, picker } = useSessionActors().prompts
  const fromLibrary = useSelector(library, formOf)
  const fromQuick = useSelector(quickPrompts, formOf)
  const fromActivation = useSelector(activation, formOf)
  const fromPicker = useSelector(picker, formOf)
  const form = fromLibrary ?? fromQuick ?? fromActivation ?? fromPicker
  // The last form stays rendered while the dialog closes.
  const last = useRef<VariablesForm | undefined>(form)
  if (form) last.current = form
  const shown = form ?? last.current
  return (
    <AppDialog
      open={form !== undefined}
      onClose={() => form?.send({ type: 'variables.cancel' })}
      title={shown ? <FormTitle form={shown} /> : ''}
      description="Fill in the variables; the preview shows the result."
      onSubmit={(event) => {
        event.preventDefault()
        form?.send({ type: 'variables.submit' })
      }}
      footer={
        <>
          <button
            type="button"
            className={button({ variant: 'outline' })}
            onClick={() => form?.send({ type: 'variables.cancel' })}
          >
            Cancel
          </button>
          {shown && <SubmitButton form={shown} />}
        </>
      }
    >
      {shown && <VariablesFields form={shown} />}
    </AppDialog>
  )
}

function FormTitle({ form }: { form: VariablesForm }) {
  return <>{useSelector(form, (s) => s.context.title)}</>
}

function SubmitButton({ form }: { form: VariablesForm }) {
  const purpose = useSelector(form, (s) => s.context.purpose)
  return (
    <button type="submit" className={button()}>
      {SUBMIT_LABEL[purpose]}
    </button>
  )
}

function VariablesFields({ form }: { form: VariablesForm }) {
  const variables = useSelector(form, (s) => s.context.variables)
  const values = useSelector(form, (s) => s.context.values)
  const template = useSelector(form, (s) => s.context.template)
  const change = (name: string, value: string) =>
    form.send({ type: 'variables.change', name, value })
  return (
    <>
      <div className={styles.fields}>
        {variables.map((variable) => (
          <VariableField
            key={variable.name}
            variable={variable}
            value={values[variable.name] ?? ''}
            onChange={(value) => change(variable.name, value)}
          />
        ))}
      </div>
      <Preview template={template} values={values} />
    </>
  )
}

function VariableField({
  variable,
  value,
  onChange,
}: {
  variable: PromptVariable
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {variable.name}
      </label>
      {variable.options.length > 0 ? (
        <select
          id={id}
          className={cx(field(), styles.select)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {variable.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className={textField}
          value={value}
          placeholder={variable.defaultValue || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  )
}

/** The filled text as it stands, each filled-in value marked. */
function Preview({ template, values }: { template: string; values: Record<string, string> }) {
  const id = useId()
  const { parts } = parsePrompt(template)
  return (
    <section aria-labelledby={id} className={styles.preview}>
      <h3 id={id} className={styles.previewLabel}>
        Preview
      </h3>
      <p className={styles.previewText} data-testid="variables-preview">
        {parts.map((part) => {
          if (part.kind === 'text') return part.text
          const value = values[part.token.name] ?? ''
          return (
            <mark
              key={part.token.start}
              className={styles.value}
              data-empty={value === '' || undefined}
            >
              {value}
            </mark>
          )
        })}
      </p>
    </section>
  )
}
