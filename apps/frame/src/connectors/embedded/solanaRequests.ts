// The embedded wallet's Solana calls, in the WalletConnect Solana RPC shapes the frame already speaks
// (chains/solana): solana_signMessage { message: base58, pubkey } -> { signature: base58 };
// solana_signTransaction / solana_signAndSendTransaction { transaction: base64 } -> the signed
// transaction / { signature }. The ed25519 signature comes from the Worker; sending goes to the
// network's RPC.
import '../../chains/solana/buffer.js'
import { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js'
import {
  type ChainNetwork,
  InvalidParamsError,
  UnauthorizedError,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import bs58 from 'bs58'
import type { Signer } from './signer.js'

type SolanaSigner = Pick<Signer, 'signSolanaTransaction' | 'signSolanaMessage'>

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

function paramsOf(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new InvalidParamsError('Solana calls take an object of parameters')
  return params as Record<string, unknown>
}

async function sign(
  signer: SolanaSigner,
  chain: string,
  address: string,
  encoded: unknown,
): Promise<VersionedTransaction> {
  if (typeof encoded !== 'string') throw new InvalidParamsError('transaction: base64 text expected')
  const transaction = VersionedTransaction.deserialize(fromBase64(encoded))
  const key = new PublicKey(address)
  const index = transaction.message.staticAccountKeys
    .slice(0, transaction.message.header.numRequiredSignatures)
    .findIndex((candidate) => candidate.equals(key))
  if (index < 0) throw new UnauthorizedError(`The transaction does not need ${address}'s signature`)
  transaction.addSignature(key, await signer.signSolanaTransaction(chain, transaction.message.serialize()))
  return transaction
}

export async function request(
  signer: SolanaSigner,
  address: string,
  network: ChainNetwork,
  method: string,
  params: unknown,
): Promise<unknown> {
  switch (method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: address }]
    case 'solana_signMessage': {
      const { message, pubkey } = paramsOf(params)
      if (pubkey !== undefined && pubkey !== address)
        throw new UnauthorizedError(`The embedded wallet signs for ${address} only`)
      if (typeof message !== 'string') throw new InvalidParamsError('message: base58 text expected')
      return { signature: bs58.encode(await signer.signSolanaMessage(bs58.decode(message))) }
    }
    case 'solana_signTransaction': {
      const transaction = await sign(signer, network.caipNetworkId, address, paramsOf(params).transaction)
      return {
        transaction: toBase64(transaction.serialize()),
        signature: bs58.encode(transaction.signatures[0]!),
      }
    }
    case 'solana_signAndSendTransaction': {
      const transaction = await sign(signer, network.caipNetworkId, address, paramsOf(params).transaction)
      const rpc = new Connection(network.rpcUrls.default.http[0] as string, 'confirmed')
      return { signature: await rpc.sendRawTransaction(transaction.serialize()) }
    }
    default:
      throw new UnsupportedMethodError(method)
  }
}
