// The swap to confirm: what goes in and what comes out, the fees, then "Approve" when the swap router
// may not spend the token yet, else "Swap". After an approval the swap transaction is built again
// here; a failure goes back to Swap, a finished swap replaces the view with Account.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useFrame } from '../app/context.js'
import * as SwapWiring from '../app/swap.js'
import { GuardedActions } from '../components/GuardedActions.js'
import { useStore } from '../components/useStore.js'
import * as Swap from '../core/actions/swap.js'
import type * as SwapRules from '../core/swap.js'
import { Details } from './swap/SwapForm.js'
import { useSwap } from './swap/useSwap.js'

export function SwapPreview() {
  const frame = useFrame()
  const flow = SwapWiring.flow(frame, useQueryClient())
  useStore(frame.core.connection)
  useStore(frame.core.networks)
  const from = Swap.source(frame.core)
  if (!from) return <p className="wf-muted">No account is connected on this network.</p>
  return <Preview flow={flow} from={from} />
}

function Preview({ flow, from }: { flow: SwapWiring.Flow; from: SwapRules.Source }) {
  const view = useSwap(flow, from)
  const approve = useMutation(flow.approve)
  const swap = useMutation(flow.swap)
  const { form, quoted } = view
  const { sourceToken, toToken } = form
  if (!sourceToken || !toToken) return <p className="wf-muted">Choose the tokens to swap first.</p>

  // A send the form refused says why here; the wallet's or the chain's failure is a toast.
  const problem = [approve.error, swap.error].find((error) => error instanceof Swap.SwapError)?.message
  const sending = approve.isPending || swap.isPending
  const busy = sending || view.loadingQuote || view.building
  return (
    <div className="wf-stack" data-testid="wf-swap-preview">
      <p data-testid="wf-swap-preview-summary">
        {form.sourceTokenAmount} {sourceToken.symbol} → {quoted?.toTokenAmount || '…'} {toToken.symbol}
      </p>
      <Details view={view} />
      {view.inputError || problem ? (
        <p className="wf-error" role="alert" data-testid="wf-swap-error">
          {view.inputError ?? problem}
        </p>
      ) : null}
      <GuardedActions>
        {(blocked) =>
          view.approval ? (
            <button
              type="button"
              className="wf-button"
              data-testid="wf-swap-approve"
              disabled={busy || blocked}
              onClick={() => approve.mutate({ from, tx: view.approval })}
            >
              {sending ? 'Approving…' : `Approve ${sourceToken.symbol}`}
            </button>
          ) : (
            <button
              type="button"
              className="wf-button"
              data-testid="wf-swap-submit"
              disabled={busy || blocked || !view.swap}
              onClick={() =>
                swap.mutate({
                  from,
                  tx: view.swap,
                  summary: {
                    sourceToken,
                    toToken,
                    sourceAmount: form.sourceTokenAmount,
                    toUnits: quoted?.toTokenUnits ?? 0n,
                  },
                })
              }
            >
              {sending ? 'Swapping…' : view.swap ? 'Swap' : 'Preparing the swap…'}
            </button>
          )
        }
      </GuardedActions>
    </div>
  )
}
