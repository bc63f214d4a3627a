/// <reference types="node" />
// Builds the published package: each module of src/ as ESM JavaScript with its declarations in
// dist/ (tsc, no bundling: the SDK, the frame and hosts' bundlers take only the schemas they use),
// and the wallet registry's JSON beside its module.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
rmSync(`${root}dist`, { recursive: true, force: true })
execFileSync('npx', ['tsc', '-p', `${root}tsconfig.build.json`], { stdio: 'inherit', cwd: root })
const registry = 'walletRegistry/registry.json'
if (!existsSync(`${root}dist/${registry}`)) copyFileSync(`${root}src/${registry}`, `${root}dist/${registry}`)
