// The swap to confirm: what goes in and what comes out, the fees, then "Approve" when the swap router
// may not spend the token yet, else "Swap". After an approval the swap transaction is built again
// here; a failure goes back to Swap, a finished swap replaces the view with Account.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useFrame } from '../app/context.js'
import * as SwapWiring from '../app/swap.js'
import { GuardedActions } from '../components/GuardedActions.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Swap from '../core/actions/swap.js'
import type * as SwapRules from '../core/swap.js'
import { localizeText } from '../locale/en/errors.js'
import { Details } from './swap/SwapForm.js'
import { useSwap } from './swap/useSwap.js'

export function SwapPreview() {
  const frame = useFrame()
  const messages = useViewMessages()
  const flow = SwapWiring.flow(frame, useQueryClient())
  useStore(frame.core.connection)
  useStore(frame.core.networks)
  const from = Swap.source(frame.core)
  if (!from) return <p className="wf-muted">{messages.funds.noAccount}</p>
  return <Preview flow={flow} from={from} />
}

function Preview({ flow, from }: { flow: SwapWiring.Flow; from: SwapRules.Source }) {
  const view = useSwap(flow, from)
  const approve = useMutation(flow.approve)
  const swap = useMutation(flow.swap)
  const { form, quoted } = view
  const { sourceToken, toToken } = form
  const messages = useViewMessages()
  const words = messages.swap
  if (!sourceToken || !toToken) return <p className="wf-muted">{words.chooseTokens}</p>

  // A send the form refused says why here; the wallet's or the chain's failure is a toast.
  const refused = [approve.error, swap.error].find((error) => error instanceof Swap.SwapError)?.message
  const problem = view.inputError ?? refused
  const sending = approve.isPending || swap.isPending
  const busy = sending || view.loadingQuote || view.building
  return (
    <div className="wf-stack" data-testid="wf-swap-preview">
      <p data-testid="wf-swap-preview-summary">
        {form.sourceTokenAmount} {sourceToken.symbol} → {quoted?.toTokenAmount || '…'} {toToken.symbol}
      </p>
      <Details view={view} />
      {problem ? (
        <p className="wf-error" role="alert" data-testid="wf-swap-error">
          {localizeText(problem, messages.errors)}
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
              {sending ? words.approving : words.approve(sourceToken.symbol)}
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
              {sending ? words.swapping : view.swap ? words.swap : words.preparing}
            </button>
          )
        }
      </GuardedActions>
    </div>
  )
}
