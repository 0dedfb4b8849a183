import { describe, expect, test } from 'vitest'
import {
  keysToCamel,
  keysToSnake,
  tableName,
  toCamelCase,
  toSnakeCase,
} from '../../../src/platform/case-conversion'

describe('identifier conversion', () => {
  test.each([
    ['userApiKeys', 'user_api_keys'],
    ['aiModels', 'ai_models'],
    ['isActive', 'is_active'],
    ['id', 'id'],
    ['apiKeyEncrypted', 'api_key_encrypted'],
  ])('%s ⇄ %s', (camel, snake) => {
    expect(toSnakeCase(camel)).toBe(snake)
    expect(toCamelCase(snake)).toBe(camel)
  })

  test('already-converted names are left alone', () => {
    expect(toSnakeCase('user_id')).toBe('user_id')
    expect(toCamelCase('userId')).toBe('userId')
  })

  test('table names are snake_case', () => {
    expect(tableName('userPromptDeletions')).toBe('user_prompt_deletions')
    expect(tableName('prompts')).toBe('prompts')
  })
})

describe('deep key conversion', () => {
  test('keysToSnake walks nested objects and arrays but leaves values alone', () => {
    const createdAt = new Date('2024-01-02T03:04:05Z')
    const result = keysToSnake({
      userId: 'u1',
      createdAt,
      nestedThing: { innerKey: [{ deepKey: 'keepThisValue' }] },
      listOfNumbers: [1, 2],
    })
    expect(result).toEqual({
      user_id: 'u1',
      created_at: createdAt,
      nested_thing: { inner_key: [{ deep_key: 'keepThisValue' }] },
      list_of_numbers: [1, 2],
    })
    expect((result as { created_at: Date }).created_at).toBe(createdAt)
  })

  test('keysToCamel converts arrays of rows', () => {
    expect(keysToCamel([{ user_id: 'a', is_public: '1' }, { display_name: null }])).toEqual([
      { userId: 'a', isPublic: '1' },
      { displayName: null },
    ])
  })

  test('class instances and primitives pass through untouched', () => {
    class Point {
      some_field = 1
    }
    const point = new Point()
    expect(keysToCamel(point)).toBe(point)
    expect(keysToCamel('snake_value')).toBe('snake_value')
    expect(keysToSnake(null)).toBeNull()
    expect(keysToSnake(42)).toBe(42)
  })
})
