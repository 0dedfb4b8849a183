import Ajv2020 from 'ajv/dist/2020'
import { describe, expect, test } from 'vitest'
import type { StreamPart } from '../../contract/ai-text'
import { instanceOf } from '../../mocks/platform/ai/schema-instance'
import { textStreamResponse } from '../../mocks/platform/ai/text-stream'

// An independent validator (ajv, here through the toolchain) checks the mock's objects, with
// format checks of our own since ajv-formats is not installed.
const ajv = new Ajv2020({
  strict: false,
  formats: {
    email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
    uri: (s: string) => URL.canParse(s),
    'date-time': (s: string) => !Number.isNaN(Date.parse(s)) && s.includes('T'),
    date: /^\d{4}-\d{2}-\d{2}$/,
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  },
})

const schemas: Record<string, Record<string, unknown>> = {
  'nested objects with every scalar type': {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 40 },
      code: { type: 'string', maxLength: 3 },
      rating: { type: 'number', minimum: 1, maximum: 5 },
      count: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 },
      price: { type: 'number', multipleOf: 0.25, minimum: 10, maximum: 11 },
      open: { type: 'boolean' },
      nothing: { type: 'null' },
      author: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          site: { type: 'string', format: 'uri' },
        },
        required: ['email', 'site'],
        additionalProperties: false,
      },
    },
    required: ['title', 'code', 'rating', 'count', 'price', 'open', 'nothing', 'author'],
    additionalProperties: false,
  },
  'arrays, tuples and minItems': {
    type: 'object',
    properties: {
      tags: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
      pair: {
        type: 'array',
        prefixItems: [{ type: 'integer' }, { type: 'boolean' }],
        items: false,
      },
      ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
    },
    required: ['tags', 'pair', 'ids'],
  },
  'enum, const, nullable types, anyOf and allOf': {
    type: 'object',
    properties: {
      mood: { enum: ['happy', 'sad'] },
      kind: { const: 'recipe' },
      note: { type: ['null', 'string'] },
      either: { anyOf: [{ type: 'integer', minimum: 100 }, { type: 'string' }] },
      both: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
      when: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
    },
    required: ['mood', 'kind', 'note', 'either', 'both', 'when', 'day'],
  },
  'local $refs to $defs and definitions': {
    $defs: {
      person: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          age: { type: 'integer', minimum: 0, maximum: 120 },
        },
        required: ['name', 'age'],
      },
    },
    definitions: { team: { type: 'array', items: { $ref: '#/$defs/person' } } },
    type: 'object',
    properties: { lead: { $ref: '#/$defs/person' }, members: { $ref: '#/definitions/team' } },
    required: ['lead', 'members'],
  },
}

describe('the mock object model', () => {
  test.each(Object.entries(schemas))('gives a value that validates: %s', (_, schema) => {
    for (const prompt of ['A short prompt', 'Écrire un poème sur la mer 🌊', '']) {
      const value = instanceOf(schema, prompt)
      const validate = ajv.compile(schema)
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true)
      expect(instanceOf(schema, prompt)).toEqual(value)
    }
  })

  test('a self-referencing schema without a base case is refused, not a stack overflow', () => {
    expect(() => instanceOf({ type: 'object', properties: { next: { $ref: '#' } } }, 'x')).toThrow(
      'schema is nested too deeply',
    )
  })
})

describe('the streaming answer', () => {
  test('a failure after the first line becomes an e: line, then the stream ends', async () => {
    async function* failing(): AsyncGenerator<StreamPart> {
      yield { code: 'f', value: { messageId: 'msg-1' } }
      yield { code: '0', value: 'partial ' }
      throw new Error('model backend went away')
    }
    const logged: string[] = []
    const res = textStreamResponse(failing(), (line) => logged.push(line))
    expect(await res.text()).toBe(
      'f:{"messageId":"msg-1"}\n0:"partial "\ne:{"error":"model backend went away"}\n',
    )
    expect(logged).toEqual(['ai: stream failed: Error'])
  })
})
