import { assign, setup } from 'xstate'
import {
  defaultValues,
  fillPrompt,
  type PromptVariable,
  promptVariables,
} from '../domain/prompt-variables'

/** What the form is for: it names the submit button. */
export type VariablesPurpose = 'run' | 'insert' | 'activate'

export interface VariablesFormInput {
  /** The prompt's title, the form's heading. */
  title: string
  /** The prompt's content as stored, variables and all. */
  content: string
  purpose: VariablesPurpose
}

/** The form's input for a prompt (or none yet) and what it is for: every host builds it so. */
export const variablesFormInput = (
  prompt: { title: string; content: string } | null | undefined,
  purpose: VariablesPurpose,
): VariablesFormInput => ({
  title: prompt?.title ?? '',
  content: prompt?.content ?? '',
  purpose,
})

export interface VariablesFormContext {
  title: string
  template: string
  purpose: VariablesPurpose
  /** One field per distinct variable, in order of first use. */
  variables: PromptVariable[]
  values: Record<string, string>
  /** The filled text once submitted; null until then, and after Cancel. */
  filled: string | null
}

export type VariablesFormEvent =
  | { type: 'variables.change'; name: string; value: string }
  | { type: 'variables.submit' }
  | { type: 'variables.cancel' }

/** What the form ends with: the filled text, or null when it was cancelled. */
export type VariablesFormOutput = { content: string; values: Record<string, string> } | null

/** The filled text as it stands: what the form's preview shows. */
export const previewOf = (context: Pick<VariablesFormContext, 'template' | 'values'>) =>
  fillPrompt(context.template, context.values)

/**
 * The fill-in form of a prompt with variables (docs/product/variables.md). The library's Run,
 * a quick-prompt run, the `/` picker and the activation of a system prompt each invoke it as
 * their child `variables` and act on its output: Submit hands back the filled text, Cancel
 * null, and nothing else happens until then. It has no effects of its own.
 */
export const promptVariablesMachine = setup({
  types: {
    context: {} as VariablesFormContext,
    events: {} as VariablesFormEvent,
    input: {} as VariablesFormInput,
    output: {} as VariablesFormOutput,
  },
  guards: {
    // A choice takes one of its options only; an unknown name is no field of this form.
    'fits a field?': ({ context, event }) => {
      if (event.type !== 'variables.change') return false
      const variable = context.variables.find((v) => v.name === event.name)
      if (!variable) return false
      return variable.options.length === 0 || variable.options.includes(event.value)
    },
  },
}).createMachine({
  id: 'promptVariables',
  context: ({ input }) => {
    const variables = promptVariables(input.content)
    return {
      title: input.title,
      template: input.content,
      purpose: input.purpose,
      variables,
      values: defaultValues(variables),
      filled: null,
    }
  },
  initial: 'editing',
  states: {
    editing: {
      tags: 'open',
      on: {
        'variables.change': {
          guard: 'fits a field?',
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
          }),
        },
        'variables.submit': {
          target: 'submitted',
          actions: assign({ filled: ({ context }) => previewOf(context) }),
        },
        'variables.cancel': 'cancelled',
      },
    },
    submitted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) =>
    context.filled === null ? null : { content: context.filled, values: context.values },
})
