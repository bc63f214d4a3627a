// The chains file: one description of the networks, contracts, tokens and test accounts that the
// devstack writes (`chains.local.json`) and the API and frame read. Operators write the same shape
// for real chains.
import { z } from 'zod'
import { CaipNetworkId, ChainNamespace } from './caip.js'

export const NativeCurrency = z.object({
  name: z.string().min(1),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
})
export type NativeCurrency = z.infer<typeof NativeCurrency>

export const ChainToken = z.object({
  /** Contract (EVM) or mint (Solana) address. */
  address: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  /** Fixed USD price used by the price source `static`. */
  priceUsd: z.number().nonnegative(),
  iconUrl: z.url().optional(),
})
export type ChainToken = z.infer<typeof ChainToken>

export const ChainNft = z.object({
  address: z.string().min(1),
  name: z.string().min(1),
  symbol: z.string().min(1),
  standard: z.enum(['erc721']),
})
export type ChainNft = z.infer<typeof ChainNft>

export const RpcUrls = z.object({
  http: z.array(z.url()).min(1),
  webSocket: z.array(z.url()).optional(),
})

export const ChainNetwork = z.object({
  caipNetworkId: CaipNetworkId,
  chainNamespace: ChainNamespace,
  /** The chain's own id: a number on eip155, the CAIP reference elsewhere. */
  id: z.union([z.number().int().positive(), z.string().min(1)]),
  name: z.string().min(1),
  nativeCurrency: NativeCurrency,
  /**
   * Fixed USD price of the native currency, read only by the API's `static` price source (the
   * devstack's chains file). Prices reach the frame from the API, never from its own config.
   */
  nativePriceUsd: z.number().nonnegative().optional(),
  rpcUrls: z.object({ default: RpcUrls }),
  blockExplorers: z.object({ default: z.object({ name: z.string(), url: z.url() }) }).optional(),
  testnet: z.boolean().default(false),
  /** Named contract addresses: multicall3, weth9, uniswapV2Factory, uniswapV2Router02, entryPointV07, … */
  contracts: z.record(z.string(), z.string()).default({}),
  tokens: z.array(ChainToken).default([]),
  nfts: z.array(ChainNft).default([]),
})
export type ChainNetwork = z.infer<typeof ChainNetwork>

export const TestAccounts = z.object({
  mnemonic: z.string().optional(),
  evm: z.array(z.object({ address: z.string(), privateKey: z.string() })).default([]),
  /** Solana keys: base58 public key and base58 64-byte secret key. */
  solana: z.array(z.object({ address: z.string(), secretKey: z.string() })).default([]),
})

export const ChainsFile = z.object({
  version: z.literal(1),
  networks: z.array(ChainNetwork).min(1),
  accounts: TestAccounts.default({ evm: [], solana: [] }),
  /** Other local services by name (relay, smtp, oidc, nftMetadata): their URLs. */
  services: z.record(z.string(), z.string()).default({}),
})
export type ChainsFile = z.infer<typeof ChainsFile>
