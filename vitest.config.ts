import { defineConfig } from 'vitest/config'

// One runner for every workspace's unit tests; each workspace can add its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
    // Chains, databases and relays start per file; two cores do not gain from more workers.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
