import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'frame',
    environment: 'node',
    // Stores and connectors are created per test, never kept in a module: files share a worker's
    // module cache instead of importing React, viem and zod afresh each (about half this project's time).
    isolate: false,
    // The property tests and the tests against a devnet run while `npm test` runs the end-to-end specs
    // beside them: a hang guard, not a speed check.
    testTimeout: 30_000,
  },
})
