// The send as its form reads it: the form, the account's balances on the network, the receiver's
// name resolved (EVM), the network fee once the token and a valid receiver are known, and whether
// the form can send (the rules are core/send.ts's).
import { useQuery } from '@tanstack/react-query'
import type { TokenBalance } from '@walletframe/protocol'
import { useEffect } from 'react'
import type * as SendWiring from '../../app/send.js'
import type { Chain } from '../../chains/Chain.js'
import { useStore } from '../../components/useStore.js'
import * as Send from '../../core/actions/send.js'
import { nameMessages } from '../../core/nameMessages.js'
import * as SendForm from '../../core/send.js'
import { type FeeEstimate, toUsd } from '../../core/sendValidation.js'
import { messageOf } from '../../lib/errors.js'

const noBalances: readonly TokenBalance[] = []

export function useSend(flow: SendWiring.Flow, from: SendForm.Source, chain: Chain | undefined) {
  const { deps, queries } = flow
  const { network } = from
  const { address } = from
  // biome-ignore lint/correctness/useExhaustiveDependencies: the account is its network and address, not the object
  useEffect(() => Send.open(deps, from), [deps, network.caipNetworkId, address])
  const stored = useStore(deps.send)
  // Until the effect above ran, the form may be another account's.
  const form = SendForm.sameSource(stored, from) ? stored : SendForm.initial

  const balancesQuery = useQuery(queries.balances(from))
  const balances = balancesQuery.data ? SendForm.balancesOn(balancesQuery.data, network) : noBalances
  const token = SendForm.tokenOf(form, balances, network)

  const name = SendForm.nameOf(form.receiverAddress, network)
  const account = useQuery(queries.name(name))
  const resolved = name && account.data ? SendForm.addressOn(account.data, network) : undefined
  const nameFailed = name !== undefined && (account.isError || (account.data !== undefined && !resolved))
  const receiver = SendForm.receiverOf(form, resolved)

  const accepted = chain?.isAddress(receiver) ?? false
  const feeQuery = useQuery(
    queries.fee(
      token && accepted
        ? {
            network,
            from: address,
            to: receiver,
            token: SendForm.tokenAddress(token),
            decimals: Number(token.quantity.decimals),
          }
        : undefined,
    ),
  )
  const fee: FeeEstimate = feeQuery.isError
    ? { status: 'failed', message: `Cannot estimate the network fee: ${messageOf(feeQuery.error)}` }
    : feeQuery.data
      ? {
          status: 'ready',
          fee: BigInt(feeQuery.data.fee),
          gasPrice: feeQuery.data.gasPrice === undefined ? undefined : BigInt(feeQuery.data.gasPrice),
        }
      : { status: 'pending' }
  const native = SendForm.nativeOf(balances, network)

  return {
    form,
    /** Where the balances stand: "unavailable" when the balance service did not answer. */
    balances: balancesQuery.isError ? 'unavailable' : balancesQuery.data ? 'ready' : 'loading',
    tokenBalances: balances,
    token,
    /** The receiver's name and avatar once it resolved, and the address the send goes to. */
    receiverName:
      name && resolved ? { name, address: resolved, avatar: account.data?.attributes.avatar } : undefined,
    receiverNameError: nameFailed ? nameMessages.resolveFailed : undefined,
    receiver,
    receiverAccepted: accepted,
    fee,
    /** The network fee in USD (0 when the native currency has no price). */
    gasPriceInUSD:
      fee.status === 'ready'
        ? toUsd(fee.fee, network.nativeCurrency.decimals, native?.price ?? 0)
        : undefined,
    verdict: SendForm.verdict({
      network,
      chain,
      token,
      amount: form.sendTokenAmount,
      receiver,
      balances,
      fee,
      accountType: Send.accountType(deps, from),
    }),
    /** What the send mutation takes. */
    draft: { from, chain, token, receiver, balances, fee } satisfies Send.Draft,
  } as const
}

export type SendView = ReturnType<typeof useSend>
