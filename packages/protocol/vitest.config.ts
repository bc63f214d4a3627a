import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'protocol',
    environment: 'node',
    // Pure functions and schemas with no module state: files share a worker's module cache instead
    // of importing zod and viem afresh each (about half this project's time).
    isolate: false,
  },
})
