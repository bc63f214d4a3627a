import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Each test file starts its own database and devstack in beforeAll and keeps nothing in a module:
    // files share a worker's module cache (Hono, viem, zod, drizzle, PGlite's compiled wasm and its
    // migrated template) instead of loading them afresh each.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
