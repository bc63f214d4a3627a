import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'devstack',
    include: ['src/**/*.test.ts'],
    // Each test file boots its own stack (anvil children + servers) in beforeAll.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
