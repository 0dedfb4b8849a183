import { OBJECT_OUTPUTS } from '../../../contract/ai-object'
import type { TokenUsage } from '../../../contract/ai-text'
import { isPlainObject } from '../http/json-error'
import {
  AiInputError,
  type Body,
  countTokens,
  oneOf,
  optionalString,
  requiredText,
} from './ai-input'
import { instanceOf, pickEnum } from './schema-instance'
import { DEFAULT_TEXT_MODEL } from './text-generation'

export interface ObjectResult {
  object: unknown
  finishReason: 'stop'
  usage: TokenUsage
  model: string
}

/**
 * `output` as the Vercel AI SDK knows it: 'object' and 'array' follow `schema` (for 'array' the
 * schema of one element), 'enum' picks one of `enum`, 'no-schema' answers a free object.
 */
export function generateObject(body: Body): ObjectResult {
  const prompt = requiredText(body, 'prompt')
  const model = optionalString(body, 'model') || DEFAULT_TEXT_MODEL
  const output = oneOf(body, 'output', OBJECT_OUTPUTS, 'object')
  const schema = body.schema
  if (schema !== undefined && schema !== null && !isPlainObject(schema))
    throw new AiInputError('schema must be a JSON schema object')

  let object: unknown
  if (output === 'enum') {
    const choices = body.enum
    if (
      !Array.isArray(choices) ||
      choices.length === 0 ||
      !choices.every((c) => typeof c === 'string')
    )
      throw new AiInputError('enum must be a non-empty list of strings when output is enum')
    object = pickEnum(choices, prompt)
  } else if (output === 'no-schema' || !isPlainObject(schema)) {
    object =
      output === 'array'
        ? [{ response: `Echo: ${prompt.trim()}` }]
        : { response: `Echo: ${prompt.trim()}` }
  } else if (output === 'array') {
    object = [instanceOf(schema, prompt)]
  } else {
    object = instanceOf(schema, prompt)
  }

  const promptTokens = countTokens(prompt)
  const completionTokens = countTokens(JSON.stringify(object).replace(/[{}[\]",:]/g, ' '))
  return {
    object,
    finishReason: 'stop',
    usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
    model,
  }
}
