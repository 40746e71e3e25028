import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '~': fileURLToPath(new URL('../app', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The content module reports each compile; the tests count compiles themselves.
    onConsoleLog: (log) => !log.startsWith('content: compiled'),
  },
})
