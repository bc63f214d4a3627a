import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'frame',
    environment: 'node',
    // Stores and connectors are created per test, never kept in a module: files share a worker's
    // module cache instead of importing React, viem and zod afresh each (about half this project's time).
    isolate: false,
  },
})
