// The local on-ramp's hot wallet: one key per namespace, stocked at start (ETH and the fixture USDC
// on each EVM devnet, SOL on the Solana RPC), which delivers a paid purchase with a real transfer.
// Its keys are derived from fixed labels, outside the test mnemonic: the user accounts 0–9 and the
// fixture deployer keep their nonces and balances to themselves.
import { createHash } from 'node:crypto'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import type { ChainNetwork } from '@walletframe/protocol'
import {
  type Address,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  isAddress,
  parseUnits,
  publicActions,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { evmAccount } from '../accounts.js'
import { artifacts } from '../evm/artifacts.js'
import { deployerIndex } from '../evm/fixtures.js'
import * as Transactor from '../evm/Transactor.js'
import type { Product } from './catalog.js'
import { OnrampError } from './errors.js'

const seed = (label: string) => createHash('sha256').update(label).digest()

/** The provider's EVM key (the same address on every EVM devnet). */
export const evmFundingKey: Hex = `0x${seed('walletframe devstack onramp evm funding').toString('hex')}`
export const solanaFundingKeypair = (): Keypair =>
  Keypair.fromSeed(seed('walletframe devstack onramp solana funding'))

/** The addresses purchases are delivered from, per CAIP-2 network: how the API tells them apart. */
export function fundingAddresses(networks: readonly ChainNetwork[]): Record<string, string[]> {
  const evm = privateKeyToAccount(evmFundingKey).address
  const solana = solanaFundingKeypair().publicKey.toBase58()
  return Object.fromEntries(
    networks.flatMap((network) =>
      network.chainNamespace === 'eip155'
        ? [[network.caipNetworkId, [evm]]]
        : network.chainNamespace === 'solana'
          ? [[network.caipNetworkId, [solana]]]
          : [],
    ),
  )
}

/** Stock at start, in whole units: far more than any test buys. */
const stock = { eth: 1_000_000n, usdc: 100_000_000, sol: 100_000 } as const

export type Funder = {
  /** Delivers `amount` (whole units, decimal text) of `product` to `to`; the transaction's id. */
  deliver(product: Product, to: string, amount: string): Promise<{ transactionHash: string }>
}

/** Whether `address` can receive on the product's network. */
export function isDeliverable(product: Product, address: string): boolean {
  if (product.network.chainNamespace === 'eip155') return isAddress(address)
  try {
    return PublicKey.isOnCurve(new PublicKey(address).toBytes())
  } catch {
    return false
  }
}

/** Stocks the hot wallet on every network and returns the deliverer. */
export async function stockUp(networks: readonly ChainNetwork[]): Promise<Funder> {
  const evm = privateKeyToAccount(evmFundingKey)
  const solana = solanaFundingKeypair()
  const deployer = evmAccount(deployerIndex).address
  await Promise.all(
    networks.map(async (network) => {
      const rpcUrl = network.rpcUrls.default.http[0] as string
      if (network.chainNamespace === 'eip155') {
        const tx = Transactor.from(rpcUrl)
        // A devnet faucet for the gas and the ETH sold; the USDC is minted by the fixture deployer,
        // which holds the mint role of the fixture tokens.
        await tx.request('anvil_setBalance', [evm.address, toHex(stock.eth * 10n ** 18n)])
        const usdc = network.tokens.find((token) => token.symbol === 'USDC')
        if (usdc)
          await tx.call(deployer, usdc.address as Address, artifacts.mintableErc20().abi, 'mint', [
            evm.address,
            parseUnits(String(stock.usdc), usdc.decimals),
          ])
      } else if (network.chainNamespace === 'solana') {
        const connection = new Connection(rpcUrl, 'confirmed')
        const signature = await connection.requestAirdrop(solana.publicKey, stock.sol * LAMPORTS_PER_SOL)
        await connection.confirmTransaction(signature, 'confirmed')
      }
    }),
  )

  // One delivery at a time per network: the hot wallet's nonce (EVM) is read per transaction.
  const queues = new Map<string, Promise<unknown>>()
  function serial<T>(network: string, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(network) ?? Promise.resolve()).then(task, task)
    queues.set(
      network,
      run.catch(() => undefined),
    )
    return run
  }

  async function deliverEvm(product: Product, to: string, amount: string) {
    const wallet = createWalletClient({
      account: evm,
      transport: http(product.network.rpcUrls.default.http[0]),
    }).extend(publicActions)
    const chain = {
      id: product.network.id as number,
      name: product.network.name,
      nativeCurrency: product.network.nativeCurrency,
      rpcUrls: { default: { http: product.network.rpcUrls.default.http } },
    }
    const value = parseUnits(amount, product.decimals)
    const hash = product.contract
      ? await wallet.writeContract({
          chain,
          address: product.contract as Address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [getAddress(to), value],
        })
      : await wallet.sendTransaction({ chain, to: getAddress(to), value })
    const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success')
      throw new OnrampError(500, 'DELIVERY_FAILED', `The delivery transaction ${hash} reverted`)
    return { transactionHash: hash }
  }

  async function deliverSolana(product: Product, to: string, amount: string) {
    const connection = new Connection(product.network.rpcUrls.default.http[0] as string, 'confirmed')
    const transaction = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: solana.publicKey,
        toPubkey: new PublicKey(to),
        lamports: parseUnits(amount, product.decimals),
      }),
    )
    const signature = await sendAndConfirmTransaction(connection, transaction, [solana], {
      commitment: 'confirmed',
    })
    return { transactionHash: signature }
  }

  return {
    async deliver(product, to, amount) {
      if (!isDeliverable(product, to))
        throw new OnrampError(400, 'INVALID_WALLET', `${to} is not an address on ${product.network.name}`)
      return serial(product.network.caipNetworkId, async () => {
        try {
          return product.network.chainNamespace === 'eip155'
            ? await deliverEvm(product, to, amount)
            : await deliverSolana(product, to, amount)
        } catch (error) {
          if (error instanceof OnrampError) throw error
          throw new OnrampError(500, 'DELIVERY_FAILED', `Delivery failed: ${(error as Error).message}`, {
            cause: error,
          })
        }
      })
    },
  }
}
