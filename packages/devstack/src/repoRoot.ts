// Finds the monorepo root (the package.json that declares workspaces), where chains.local.json lives.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { RepoRootNotFoundError } from './errors.js'

export function find(from: string = process.cwd()): string {
  let dir = from
  for (;;) {
    const candidate = join(dir, 'package.json')
    if (existsSync(candidate)) {
      const json = JSON.parse(readFileSync(candidate, 'utf8')) as { workspaces?: unknown }
      if (json.workspaces) return dir
    }
    const parent = dirname(dir)
    if (parent === dir) throw new RepoRootNotFoundError(from)
    dir = parent
  }
}

export function defaultChainsFile(from?: string): string {
  return join(find(from), 'chains.local.json')
}
