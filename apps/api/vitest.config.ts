import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Each test file starts one database (PGlite takes seconds) and one devstack in beforeAll.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
