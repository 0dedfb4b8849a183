import {
  defaultValues,
  fillPrompt,
  type PromptVariable,
  promptVariables,
} from '../../src/domain/prompt-variables'

export interface FillFormOptions {
  title: string
  /** The prompt as written, with its `{{variables}}` (docs/product/variables.md). */
  content: string
  /** Called with the filled text when the user inserts it. */
  onSubmit(text: string): void
  onCancel(): void
}

/**
 * The extension's fill-in form for a prompt with variables, built on the app's own parser: one
 * field per distinct variable in order of first use, a select for a choice, defaults prefilled
 * and a live preview of the text that will be inserted.
 */
export function createFillForm(doc: Document, options: FillFormOptions): HTMLFormElement {
  const variables = promptVariables(options.content)
  const values = defaultValues(variables)
  const form = doc.createElement('form')
  form.className = 'fill'
  form.setAttribute('aria-label', `Fill in ${options.title}`)

  const heading = doc.createElement('h3')
  heading.textContent = `Fill in “${options.title}”`
  const preview = doc.createElement('p')
  preview.className = 'preview'
  preview.setAttribute('aria-live', 'polite')
  preview.setAttribute('aria-label', 'Preview')
  const showPreview = () => {
    preview.textContent = fillPrompt(options.content, values)
  }

  form.append(heading, ...variables.map((variable) => field(variable)))

  const actions = doc.createElement('div')
  actions.className = 'actions'
  const cancel = doc.createElement('button')
  cancel.type = 'button'
  cancel.className = 'secondary'
  cancel.textContent = 'Cancel'
  cancel.addEventListener('click', () => options.onCancel())
  const insert = doc.createElement('button')
  insert.type = 'submit'
  insert.className = 'primary'
  insert.textContent = 'Insert'
  actions.append(cancel, insert)
  form.append(preview, actions)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    options.onSubmit(fillPrompt(options.content, values))
  })
  showPreview()
  return form

  function field(variable: PromptVariable) {
    const label = doc.createElement('label')
    label.className = 'field'
    const name = doc.createElement('span')
    name.textContent = variable.name
    const control = variable.options.length > 0 ? choice(variable) : text(variable)
    control.addEventListener('input', () => {
      values[variable.name] = control.value
      showPreview()
    })
    label.append(name, control)
    return label
  }

  function choice(variable: PromptVariable) {
    const select = doc.createElement('select')
    for (const option of variable.options) {
      const item = doc.createElement('option')
      item.value = option
      item.textContent = option
      select.append(item)
    }
    select.value = variable.defaultValue
    return select
  }

  function text(variable: PromptVariable) {
    const input = doc.createElement('input')
    input.type = 'text'
    input.value = variable.defaultValue
    return input
  }
}
