// Compiles the devstack's own contracts (packages/devstack/contracts/*.sol) with solc-js and writes
// their artifacts to contracts/build/<Contract>.json, which the fixtures deploy. The artifacts are
// committed because loading the compiler takes seconds that every devstack start would pay; a test
// recompiles and compares, so an artifact never drifts from its source.
// After editing a contract: npm run compile-contracts -w @walletframe/devstack
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Abi, Hex } from 'viem'
import { FixtureError } from '../errors.js'

const require = createRequire(import.meta.url)
const packageDir = fileURLToPath(new URL('../../', import.meta.url))
const contractsDir = `${packageDir}contracts/`
export const buildDir = `${contractsDir}build/`

/** The solc release the devstack's own contracts are built with; the devDependency is pinned to it. */
export const compilerVersion = '0.8.37'

/**
 * Permit2's sources pin `pragma solidity 0.8.17` exactly (Uniswap built it with that release), so it
 * gets that compiler (the devDependency `solc-0.8.17`) rather than an edited pragma.
 */
export const permit2CompilerVersion = '0.8.17'

/** Source files under contracts/, and the contracts of each that get an artifact. */
export const sources = {
  'Erc1271Account.sol': ['Erc1271Account', 'Erc1271AccountFactory'],
  'SwapFeeRouter.sol': ['SwapFeeRouter'],
  'FarcasterIdRegistry.sol': ['FarcasterIdRegistry'],
  'SmartAccount.sol': ['SmartAccount', 'SmartAccountFactory'],
  'VerifyingPaymaster.sol': ['VerifyingPaymaster'],
  'Drainer.sol': ['Drainer'],
  'ScamAirdropToken.sol': ['ScamAirdropToken'],
} as const

/** Byte ranges of each immutable in the runtime code, by the variable's name. */
export type ImmutableReferences = Record<string, { start: number; length: number }[]>

type AstNode = { id?: number; nodeType?: string; name?: string; mutability?: string; nodes?: AstNode[] }

export type CompiledArtifact = {
  contractName: string
  sourceName: string
  compiler: string
  abi: Abi
  bytecode: Hex
  /**
   * Runtime code with its immutables left as zeros, and where they go: only for a contract the
   * fixtures install with anvil_setCode (Permit2), which must fill the immutables its constructor sets.
   */
  deployedBytecode?: Hex
  immutableReferences?: ImmutableReferences
  /** For a vendored build: the digest of contracts/vendor/ it was compiled from (`vendoredDigest`). */
  sourceDigest?: Hex
}

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  sources?: Record<string, { ast: AstNode }>
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: Abi
        evm: {
          bytecode: { object: string }
          deployedBytecode?: { object: string; immutableReferences: ImmutableReferences }
        }
      }
    >
  >
}

type Build = {
  /** npm name of the solc-js package, and the release it must be. */
  solc: string
  version: string
  sources: Record<string, readonly string[]>
  settings: object
  /** Whether the artifacts carry runtime code and immutable references (for anvil_setCode). */
  runtime: boolean
  /**
   * A build of vendored, unedited sources: its artifacts carry the digest of contracts/vendor/, and
   * the drift test compares that digest rather than recompiling (the IR pipeline with a million
   * optimizer runs takes tens of seconds in WebAssembly). Editing a vendored file fails the test until
   * the artifacts are rebuilt.
   */
  vendored?: boolean
}

const builds: Build[] = [
  {
    solc: 'solc',
    version: compilerVersion,
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Cancun runs on every chain the devstack imitates and on anvil's default hardfork.
      evmVersion: 'cancun',
      // No metadata hash in the bytecode: comments and file paths then cannot move the CREATE2
      // addresses, only a change to the code itself does.
      metadata: { appendCBOR: false, bytecodeHash: 'none' },
    },
    runtime: false,
  },
  {
    // Uniswap's Permit2 (MIT): the files Permit2.sol needs and the solmate ones they import
    // (AGPL-3.0-only), vendored unedited under contracts/vendor/ from github.com/Uniswap/permit2 and
    // its solmate submodule. The settings
    // are its foundry.toml's: the IR pipeline (it is stack-too-deep without), 1,000,000 optimizer runs
    // and no metadata hash (0.8.17 has no appendCBOR; the CBOR then holds only the compiler version).
    solc: 'solc-0.8.17',
    version: permit2CompilerVersion,
    sources: { 'vendor/permit2/src/Permit2.sol': ['Permit2'] },
    settings: {
      viaIR: true,
      optimizer: { enabled: true, runs: 1_000_000 },
      metadata: { bytecodeHash: 'none' },
      remappings: ['solmate/=contracts/vendor/solmate/'],
    },
    runtime: true,
    vendored: true,
  },
]

/** Every artifact, or (`vendored: false`) only those of the devstack's own sources. */
export function compile(options: { vendored?: boolean } = {}): CompiledArtifact[] {
  return builds.filter((build) => options.vendored !== false || !build.vendored).flatMap(compileBuild)
}

/** sha256 over every file under contracts/vendor/ (path and content), in path order. */
export function vendoredDigest(): Hex {
  const root = `${contractsDir}vendor/`
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((path) => statSync(`${root}${path}`).isFile())
    .sort()
  const hash = createHash('sha256')
  for (const path of files)
    hash
      .update(`${path.split(sep).join('/')}\0`)
      .update(readFileSync(`${root}${path}`))
      .update('\0')
  return `0x${hash.digest('hex')}`
}

function compileBuild(build: Build): CompiledArtifact[] {
  const solc = require(build.solc) as { version(): string; compile(input: string, callbacks: object): string }
  if (!solc.version().startsWith(`${build.version}+`))
    throw new FixtureError(
      `solc ${solc.version()} is installed as ${build.solc}; the artifacts need ${build.version}`,
    )
  const outputs = build.runtime
    ? [
        'abi',
        'evm.bytecode.object',
        'evm.deployedBytecode.object',
        'evm.deployedBytecode.immutableReferences',
      ]
    : ['abi', 'evm.bytecode.object']
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      Object.keys(build.sources).map((file) => [
        `contracts/${file}`,
        { content: readFileSync(`${contractsDir}${file}`, 'utf8') },
      ]),
    ),
    settings: {
      ...build.settings,
      outputSelection: { '*': { '*': outputs, ...(build.runtime ? { '': ['ast'] } : {}) } },
    },
  }
  // Imports are npm paths (`@openzeppelin/contracts/...`), read from this package's dependencies, or
  // files under contracts/ (a vendored source's relative imports, which solc resolves to contracts/...).
  const findImports = (path: string) => {
    try {
      const file = path.startsWith('contracts/') ? `${packageDir}${path}` : require.resolve(path)
      return { contents: readFileSync(file, 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0)
    throw new FixtureError(`solc: ${errors.map((error) => error.formattedMessage).join('\n')}`)

  return Object.entries(build.sources).flatMap(([file, names]) =>
    names.map((contractName): CompiledArtifact => {
      const sourceName = `contracts/${file}`
      const contract = output.contracts?.[sourceName]?.[contractName]
      if (!contract) throw new FixtureError(`solc produced no ${contractName} in ${sourceName}`)
      const runtime = contract.evm.deployedBytecode
      return {
        contractName,
        sourceName,
        compiler: build.version,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}` as Hex,
        ...(build.runtime && runtime
          ? {
              deployedBytecode: `0x${runtime.object}` as Hex,
              immutableReferences: byName(runtime.immutableReferences, output.sources ?? {}),
            }
          : {}),
        ...(build.vendored ? { sourceDigest: vendoredDigest() } : {}),
      }
    }),
  )
}

/** solc keys immutable references by AST id; the fixtures fill them by name, so translate. */
function byName(
  references: ImmutableReferences,
  sources: Record<string, { ast: AstNode }>,
): ImmutableReferences {
  const names = new Map<number, string>()
  const visit = (node: AstNode) => {
    if (node.nodeType === 'VariableDeclaration' && node.mutability === 'immutable' && node.id !== undefined)
      names.set(node.id, node.name ?? '')
    for (const child of node.nodes ?? []) visit(child)
  }
  for (const { ast } of Object.values(sources)) visit(ast)
  return Object.fromEntries(
    Object.entries(references).map(([id, ranges]) => {
      const name = names.get(Number(id))
      if (!name) throw new FixtureError(`solc reported immutable ${id}, which no source declares`)
      return [name, ranges]
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
