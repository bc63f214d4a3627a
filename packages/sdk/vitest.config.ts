import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'sdk',
    environment: 'jsdom',
    // Each test builds its own SDK instance and page globals; no module keeps state between files, so
    // they share a worker's module cache instead of importing afresh each.
    isolate: false,
    // The property tests and the tests against a devnet run while `npm test` runs the end-to-end specs
    // beside them: a hang guard, not a speed check.
    testTimeout: 30_000,
  },
})
