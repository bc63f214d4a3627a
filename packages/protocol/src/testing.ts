// Builders of valid protocol values for the tests of every workspace; not part of the runtime API.
import type { PaymasterUserOperation } from './api/paymaster.js'
import type { ChainNetwork } from './chains.js'

/**
 * An eip155 network paying in ETH, priced (the API's static price source needs nativePriceUsd); its
 * RPC URL defaults to a closed local port.
 */
export function evmNetwork(id: number, name: string, rpcUrl = `http://127.0.0.1:9/${id}`): ChainNetwork {
  return {
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 3000,
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: false,
    contracts: {},
    tokens: [],
    nfts: [],
  }
}

/**
 * A Solana cluster paying in SOL, mainnet unless `reference` (its CAIP-2 reference) names another;
 * its RPC URL defaults to a closed local port.
 */
export function solanaNetwork(
  reference = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name = 'Solana',
  rpcUrl = `http://127.0.0.1:9/${reference}`,
): ChainNetwork {
  return {
    caipNetworkId: `solana:${reference}`,
    chainNamespace: 'solana',
    id: reference,
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: false,
    contracts: {},
    tokens: [],
    nfts: [],
  }
}

/**
 * An EntryPoint v0.7 UserOperation in its JSON-RPC form (as a paymaster service receives it): an
 * undeployed sender's empty call with 21,000 of each gas at 1 wei; `fields` override or add.
 */
export function userOperation(fields: Record<string, unknown> = {}): PaymasterUserOperation {
  return {
    sender: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    nonce: '0x0',
    callData: '0x',
    callGasLimit: '0x5208',
    verificationGasLimit: '0x5208',
    preVerificationGas: '0x5208',
    maxFeePerGas: '0x1',
    maxPriorityFeePerGas: '0x1',
    ...fields,
  }
}

/** A deny list of the tests: one address for any network, one account on Base, one Solana account. */
export const denyListFixture = {
  drainer: '0x00000000000000000000000000000000000000Dd',
  other: '0x00000000000000000000000000000000000000Ee',
  text: `
# Known drainers
0x00000000000000000000000000000000000000Dd   # any network
eip155:8453:0x00000000000000000000000000000000000000Ee
solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin
`,
} as const
