import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'recover',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
