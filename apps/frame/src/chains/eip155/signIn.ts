// Sign-In with Ethereum (EIP-4361), written by viem and signed with personal_sign.
import type { ChainNetwork } from '@walletframe/protocol'
import { getAddress, isHex, stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { type PreparedSignIn, SignInAnswerError, type SignInDraft } from '../Chain.js'

export function prepareSignIn(network: ChainNetwork, draft: SignInDraft): PreparedSignIn {
  const address = getAddress(draft.address)
  const chainId = Number(network.caipNetworkId.split(':')[1])
  const message = createSiweMessage({
    domain: draft.domain,
    address,
    statement: draft.statement,
    uri: draft.uri,
    version: '1',
    chainId,
    nonce: draft.nonce,
    issuedAt: draft.issuedAt,
    expirationTime: draft.expirationTime,
  })
  return {
    message,
    data: {
      type: 'eip191',
      domain: draft.domain,
      accountAddress: address,
      uri: draft.uri,
      version: '1',
      chainId: network.caipNetworkId,
      nonce: draft.nonce,
      issuedAt: draft.issuedAt.toISOString(),
      expirationTime: draft.expirationTime.toISOString(),
      statement: draft.statement,
    },
    method: 'personal_sign',
    params: [stringToHex(message), address],
    signature(answer) {
      if (typeof answer !== 'string' || !isHex(answer) || answer.length < 4) throw new SignInAnswerError()
      return answer
    },
  }
}
