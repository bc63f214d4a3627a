// The chains file: one description of the networks, contracts, tokens and test accounts that the
// devstack writes (`chains.local.json`) and the API and frame read. Operators write the same shape
// for real chains.
import { CaipNetworkId, ChainNamespace } from './caip.js'
import * as z from './internal/zod.js'

export const NativeCurrency = z.object({
  name: z.string().check(z.minLength(1)),
  symbol: z.string().check(z.minLength(1)),
  decimals: z.int().check(z.minimum(0), z.maximum(36)),
  /** The currency's icon, which the API serves to the frame (through its image cache) as the native balance's icon. */
  iconUrl: z.optional(z.url()),
})
export type NativeCurrency = z.infer<typeof NativeCurrency>

export const ChainToken = z.object({
  /** Contract (EVM) or mint (Solana) address. */
  address: z.string().check(z.minLength(1)),
  symbol: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  decimals: z.int().check(z.minimum(0), z.maximum(36)),
  /** Fixed USD price used by the price source `static`. */
  priceUsd: z.number().check(z.nonnegative()),
  iconUrl: z.optional(z.url()),
})
export type ChainToken = z.infer<typeof ChainToken>

export const ChainNft = z.object({
  address: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  symbol: z.string().check(z.minLength(1)),
  standard: z.enum(['erc721']),
})
export type ChainNft = z.infer<typeof ChainNft>

export const RpcUrls = z.object({
  http: z.array(z.url()).check(z.minLength(1)),
  webSocket: z.optional(z.array(z.url())),
})

export const ChainNetwork = z.object({
  caipNetworkId: CaipNetworkId,
  chainNamespace: ChainNamespace,
  /** The chain's own id: a number on eip155, the CAIP reference elsewhere. */
  id: z.union([z.int().check(z.positive()), z.string().check(z.minLength(1))]),
  name: z.string().check(z.minLength(1)),
  nativeCurrency: NativeCurrency,
  /**
   * Fixed USD price of the native currency, read only by the API's `static` price source (the
   * devstack's chains file). Prices reach the frame from the API, never from its own config.
   */
  nativePriceUsd: z.optional(z.number().check(z.nonnegative())),
  rpcUrls: z.object({ default: RpcUrls }),
  /**
   * The chain's ERC-4337 bundler (JSON-RPC), where smart accounts send UserOperations. The API
   * forwards to the operator's bundler and hands the frame its own proxy URL in its place.
   */
  bundlerUrl: z.optional(z.url()),
  blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: z.url() }) })),
  testnet: z._default(z.boolean(), false),
  /**
   * A Solana cluster on the operator's own machine, such as the devstack's: what the Solana wallet
   * adapter calls `solana:localnet` (a dapp's localhost / 127.0.0.1 endpoint) is sent here.
   */
  localnet: z.optional(z.boolean()),
  /** Named contract addresses: multicall3, weth9, uniswapV2Factory, uniswapV2Router02, entryPointV07, … */
  contracts: z._default(z.record(z.string(), z.string()), {}),
  tokens: z._default(z.array(ChainToken), []),
  nfts: z._default(z.array(ChainNft), []),
})
export type ChainNetwork = z.infer<typeof ChainNetwork>

export const TestAccounts = z.object({
  mnemonic: z.optional(z.string()),
  evm: z._default(z.array(z.object({ address: z.string(), privateKey: z.string() })), []),
  /** Solana keys: base58 public key and base58 64-byte secret key. */
  solana: z._default(z.array(z.object({ address: z.string(), secretKey: z.string() })), []),
})

/**
 * A network as the chains file describes it to the API: what clients see (ChainNetwork) and the
 * upstream services the API alone calls.
 */
// Pure: a page that parses ChainNetwork alone (the frame's boot) bundles none of this.
export const ChainsFileNetwork = /* @__PURE__ */ z.extend(ChainNetwork, {
  /**
   * The chain's ERC-7677 paymaster service (pm_getPaymasterStubData / pm_getPaymasterData), which
   * sponsors UserOperations' gas. Only the API calls it, under each project's sponsorship policy:
   * clients ask the API's bundler proxy, which answers the pm_ methods as well.
   */
  paymasterUrl: z.optional(z.url()),
})
export type ChainsFileNetwork = z.infer<typeof ChainsFileNetwork>

export const ChainsFile = z.object({
  version: z.literal(1),
  networks: /* @__PURE__ */ z.array(ChainsFileNetwork).check(z.minLength(1)),
  accounts: z._default(TestAccounts, { evm: [], solana: [] }),
  /** Other local services by name (relay, smtp, oidc, nftMetadata): their URLs. */
  services: z._default(z.record(z.string(), z.string()), {}),
})
export type ChainsFile = z.infer<typeof ChainsFile>
