import { describe, expect, it } from 'vitest'
import {
  defaultValues,
  fillPrompt,
  hasVariables,
  parsePrompt,
  promptVariables,
} from '../../../src/domain/prompt-variables'

const names = (text: string) => promptVariables(text).map((v) => v.name)

describe('prompt variables', () => {
  it('reads the three forms, in order of first use, each name once', () => {
    expect(
      promptVariables('Write a {{tone:formal|casual}} {{kind}} about {{topic:cats}}, {{kind}}!'),
    ).toEqual([
      { name: 'tone', defaultValue: 'formal', options: ['formal', 'casual'] },
      { name: 'kind', defaultValue: '', options: [] },
      { name: 'topic', defaultValue: 'cats', options: [] },
    ])
  })

  it('the first use of a name sets its default and choices', () => {
    expect(promptVariables('{{a:x}} {{a:y|z}} {{a}}')).toEqual([
      { name: 'a', defaultValue: 'x', options: [] },
    ])
    expect(fillPrompt('{{a:x}} {{a:y|z}} {{a}}', {})).toBe('x x x')
  })

  it('trims names, defaults and choices; drops empty and repeated choices', () => {
    expect(promptVariables('{{  name  :  a default  }}')).toEqual([
      { name: 'name', defaultValue: 'a default', options: [] },
    ])
    expect(promptVariables('{{tone: formal | | casual |formal }}')).toEqual([
      { name: 'tone', defaultValue: 'formal', options: ['formal', 'casual'] },
    ])
  })

  it('an empty default is a default; a choice with no options is a free field', () => {
    expect(promptVariables('{{a:}}')).toEqual([{ name: 'a', defaultValue: '', options: [] }])
    expect(promptVariables('{{a:|}}')).toEqual([{ name: 'a', defaultValue: '', options: [] }])
    expect(promptVariables('{{a:x|}}')).toEqual([{ name: 'a', defaultValue: 'x', options: ['x'] }])
  })

  it('a default may hold colons and spaces', () => {
    expect(fillPrompt('At {{time:10:30 am}}', {})).toBe('At 10:30 am')
  })

  it('names may be unicode, with single spaces, digits, _ - and .', () => {
    expect(names('{{città}} {{名前:既定}} {{ñandú}} {{target language}} {{v1.2_x-y}}')).toEqual([
      'città',
      '名前',
      'ñandú',
      'target language',
      'v1.2_x-y',
    ])
    expect(fillPrompt('{{名前:既定}}です', {})).toBe('既定です')
  })

  it('what is not a well-formed variable is plain text', () => {
    for (const text of [
      '{{}}',
      '{{ }}',
      '{{:b}}',
      '{{ :b}}',
      '{{a',
      '{{a}',
      '{a}}',
      '{{a:b',
      '}}a{{',
      '{{a\n}}',
      '{{a:b\nc}}',
      '{{a  b}}',
      '{{a|b}}',
      '{{#each items}}',
      '{{/if}}',
      '{{> partial}}',
      '{ {a} }',
      '',
    ]) {
      expect(names(text), text).toEqual([])
      expect(hasVariables(text), text).toBe(false)
      expect(fillPrompt(text, { a: 'X' }), text).toBe(text)
    }
  })

  it('nested and extra braces stay text around the variable inside', () => {
    expect(parsePrompt('{{a{{b}}}}').parts).toEqual([
      { kind: 'text', text: '{{a' },
      { kind: 'variable', token: { name: 'b', raw: '{{b}}', start: 3 } },
      { kind: 'text', text: '}}' },
    ])
    expect(fillPrompt('{{{a}}}', { a: 'x' })).toBe('{x}')
    expect(fillPrompt('{{{{a}}}}', { a: 'x' })).toBe('{{x}}')
  })

  it('fills given values, else defaults; values go in as they are', () => {
    const text = 'Translate {{text}} into {{language:French|German}}.'
    expect(fillPrompt(text, { text: 'hello' })).toBe('Translate hello into French.')
    expect(fillPrompt(text, { text: '{{language}}', language: 'German' })).toBe(
      'Translate {{language}} into German.',
    )
    expect(fillPrompt(text, { text: '$& $1 $$' })).toBe('Translate $& $1 $$ into French.')
  })

  it('names that are Object.prototype keys are ordinary names', () => {
    expect(fillPrompt('{{constructor}} {{__proto__:p}} {{toString}}', {})).toBe(' p ')
    expect(fillPrompt('{{constructor}}', { constructor: 'c' })).toBe('c')
  })

  it('defaultValues starts every field at its default', () => {
    expect(defaultValues(promptVariables('{{a:x}} {{b:p|q}} {{c}}'))).toEqual({
      a: 'x',
      b: 'p',
      c: '',
    })
  })
})
