// The swap to confirm (SPEC §4): what goes in and what comes out, the fees, then "Approve" when the
// swap router may not spend the token yet, else "Swap". After an approval the quote and transaction
// are built again here; a failure goes back to Swap, a finished swap replaces the view with Account.
import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useFrame } from '../app/context.js'
import { GuardedActions } from '../components/GuardedActions.js'
import { useStore } from '../components/useStore.js'
import * as Swap from '../core/actions/swap.js'
import { messageOf } from '../lib/errors.js'
import { swapDeps } from './swap/deps.js'
import { Details } from './swap/SwapForm.js'

export function SwapPreview() {
  const frame = useFrame()
  const queryClient = useQueryClient()
  const deps = useMemo(() => swapDeps(frame, queryClient), [frame, queryClient])
  const form = useStore(deps.swap)
  const [problem, setProblem] = useState<string>()
  const { sourceToken, toToken } = form
  if (!sourceToken || !toToken) return <p className="wf-muted">Choose the tokens to swap first.</p>

  const act = (action: (deps: Swap.Deps) => Promise<void>) => () => {
    setProblem(undefined)
    action(deps).catch((error: unknown) => setProblem(messageOf(error)))
  }
  const busy = form.loadingTransaction || form.loadingQuote || form.loadingBuildTransaction
  return (
    <div className="wf-stack" data-testid="wf-swap-preview">
      <p data-testid="wf-swap-preview-summary">
        {form.sourceTokenAmount} {sourceToken.symbol} → {form.toTokenAmount || '…'} {toToken.symbol}
      </p>
      <Details form={form} />
      {form.inputError || problem ? (
        <p className="wf-error" role="alert" data-testid="wf-swap-error">
          {form.inputError ?? problem}
        </p>
      ) : null}
      <GuardedActions>
        {(blocked) =>
          form.approvalTransaction ? (
            <button
              type="button"
              className="wf-button"
              data-testid="wf-swap-approve"
              disabled={busy || blocked}
              onClick={act(Swap.sendApproval)}
            >
              {form.loadingTransaction ? 'Approving…' : `Approve ${sourceToken.symbol}`}
            </button>
          ) : (
            <button
              type="button"
              className="wf-button"
              data-testid="wf-swap-submit"
              disabled={busy || blocked || !form.swapTransaction}
              onClick={act(Swap.sendSwap)}
            >
              {form.loadingTransaction ? 'Swapping…' : form.swapTransaction ? 'Swap' : 'Preparing the swap…'}
            </button>
          )
        }
      </GuardedActions>
    </div>
  )
}
