import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '~': fileURLToPath(new URL('../app', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Both cores: Vitest's default leaves one free, and the suite's files wait on processes and
    // databases as much as on the CPU (measured: 73 s with one worker, 42 s with two).
    maxWorkers: 2,
    // The content module reports each compile; the tests count compiles themselves.
    onConsoleLog: (log) => !log.startsWith('content: compiled'),
  },
})
