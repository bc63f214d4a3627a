// Sign In With Solana: the wallet-standard message text, signed with solana_signMessage (the
// message as base58 bytes, answered with a base58 ed25519 signature).
import { createSignInMessageText } from '@solana/wallet-standard-util'
import type { ChainNetwork } from '@walletframe/protocol'
import bs58 from 'bs58'
import { type PreparedSignIn, SignInAnswerError, type SignInDraft } from '../Chain.js'

export function prepareSignIn(network: ChainNetwork, draft: SignInDraft): PreparedSignIn {
  const fields = {
    domain: draft.domain,
    statement: draft.statement,
    uri: draft.uri,
    version: '1',
    nonce: draft.nonce,
    issuedAt: draft.issuedAt.toISOString(),
    expirationTime: draft.expirationTime.toISOString(),
  }
  // The CAIP-2 id names the cluster by its genesis hash: no reader can mistake it for another.
  const message = createSignInMessageText({
    ...fields,
    address: draft.address,
    chainId: network.caipNetworkId,
  })
  return {
    message,
    data: { ...fields, type: 'ed25519', accountAddress: draft.address, chainId: network.caipNetworkId },
    method: 'solana_signMessage',
    params: { message: bs58.encode(new TextEncoder().encode(message)), pubkey: draft.address },
    signature(answer) {
      const signature = (answer as { signature?: unknown } | null | undefined)?.signature
      if (typeof signature !== 'string' || bs58.decodeUnsafe(signature)?.length !== 64)
        throw new SignInAnswerError()
      return signature
    },
  }
}
