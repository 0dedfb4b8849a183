/**
 * The text of message `i` of a bench's history: questions, code blocks, tables and quotes in
 * turn, so that rendering it costs what a real conversation's markdown costs.
 */
export function historyMessage(i: number): string {
  switch (i % 4) {
    case 0:
      return `Question ${i}: how do I **debounce** a handler in _TypeScript_?`
    case 1:
      return [
        `Here is one way (${i}):`,
        '',
        '```ts',
        'export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {',
        '  let timer: ReturnType<typeof setTimeout> | undefined',
        '  return (...args: A) => {',
        '    clearTimeout(timer)',
        '    timer = setTimeout(() => fn(...args), ms)',
        '  }',
        '}',
        '```',
        '',
        '- the timer restarts on every call',
        '- only the **last** call runs',
      ].join('\n')
    case 2:
      return `| option | default |\n| --- | --- |\n| leading | \`false\` |\n| trailing | \`true\` |\n\nSee [the docs](https://example.com/${i}).`
    default:
      return `> Note ${i}: keep handlers pure.\n\n1. measure\n2. change\n3. measure again`
  }
}
