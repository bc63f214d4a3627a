// Compiles the devstack's own contracts (packages/devstack/contracts/*.sol) with solc-js and writes
// their artifacts to contracts/build/<Contract>.json, which the fixtures deploy. The artifacts are
// committed because loading the compiler takes seconds that every devstack start would pay; a test
// recompiles and compares, so an artifact never drifts from its source.
// After editing a contract: npm run compile-contracts -w @walletframe/devstack
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Abi, Hex } from 'viem'
import { FixtureError } from '../errors.js'

const require = createRequire(import.meta.url)
const contractsDir = fileURLToPath(new URL('../../contracts/', import.meta.url))
export const buildDir = `${contractsDir}build/`

/** The solc release the artifacts come from; the devDependency is pinned to it. */
export const compilerVersion = '0.8.37'

/** Source files under contracts/, and the contracts of each that get an artifact. */
export const sources = {
  'Erc1271Account.sol': ['Erc1271Account', 'Erc1271AccountFactory'],
  'SwapFeeRouter.sol': ['SwapFeeRouter'],
  'FarcasterIdRegistry.sol': ['FarcasterIdRegistry'],
  'SmartAccount.sol': ['SmartAccount', 'SmartAccountFactory'],
  'VerifyingPaymaster.sol': ['VerifyingPaymaster'],
} as const

export type CompiledArtifact = {
  contractName: string
  sourceName: string
  compiler: string
  abi: Abi
  bytecode: Hex
}

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

export function compile(): CompiledArtifact[] {
  const solc = require('solc') as { version(): string; compile(input: string, callbacks: object): string }
  if (!solc.version().startsWith(`${compilerVersion}+`))
    throw new FixtureError(
      `solc ${solc.version()} is installed; the artifacts are built with ${compilerVersion}`,
    )
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      Object.keys(sources).map((file) => [
        `contracts/${file}`,
        { content: readFileSync(`${contractsDir}${file}`, 'utf8') },
      ]),
    ),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Cancun runs on every chain the devstack imitates and on anvil's default hardfork.
      evmVersion: 'cancun',
      // No metadata hash in the bytecode: comments and file paths then cannot move the CREATE2
      // addresses, only a change to the code itself does.
      metadata: { appendCBOR: false, bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  // Imports are npm paths (`@openzeppelin/contracts/...`), read from this package's dependencies.
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0)
    throw new FixtureError(`solc: ${errors.map((error) => error.formattedMessage).join('\n')}`)

  return Object.entries(sources).flatMap(([file, names]) =>
    names.map((contractName) => {
      const sourceName = `contracts/${file}`
      const contract = output.contracts?.[sourceName]?.[contractName]
      if (!contract) throw new FixtureError(`solc produced no ${contractName} in ${sourceName}`)
      return {
        contractName,
        sourceName,
        compiler: compilerVersion,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}` as Hex,
      }
    }),
  )
}

export function artifactPath(contractName: string): string {
  return `${buildDir}${contractName}.json`
}

export function serialize(artifact: CompiledArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(buildDir, { recursive: true })
  for (const artifact of compile()) {
    writeFileSync(artifactPath(artifact.contractName), serialize(artifact))
    console.log(`wrote ${artifactPath(artifact.contractName)}`)
  }
}
