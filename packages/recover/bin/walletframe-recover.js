#!/usr/bin/env node
// Node 20 cannot run TypeScript by itself: register tsx's ESM loader, then hand over to the CLI.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli.ts')
process.exitCode = await main(process.argv.slice(2))
