// A contract call sent as a wallet sends it: gas estimated, then signed with the margin a landing
// transaction may need (gasLimitFor in @walletframe/protocol) — a bare estimate can fall short
// once the transaction lands in a later second than the block it was estimated on.
import { gasLimitFor } from '@walletframe/protocol'
import type { Account, Chain, Hash, PublicClient, Transport, WalletClient } from 'viem'

type Call = {
  address: `0x${string}`
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
  value?: bigint
}

export async function writeWithMargin(
  publicClient: PublicClient,
  walletClient: WalletClient<Transport, Chain, Account>,
  call: Call,
): Promise<Hash> {
  const request = { ...call, account: walletClient.account } as never
  const estimate = await publicClient.estimateContractGas(request)
  return walletClient.writeContract({ ...(request as object), gas: gasLimitFor(estimate) } as never)
}
