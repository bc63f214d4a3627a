import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'devstack',
    include: ['src/**/*.test.ts'],
    // Each test file boots its own stack (anvil children + servers) in beforeAll and stops it in
    // afterAll: files share a worker's module cache instead of loading viem and the servers afresh each.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
