// The gas limit a wallet signs for a transaction whose gas it estimated. An estimate runs on the
// latest block's state and time; the transaction lands in a later block and can do more work there.
// A Uniswap V2 pair, for one, updates its price accumulators only when its last trade was in an
// earlier second: estimated in the same second as that trade, a swap leaves two storage writes out
// (up to ~44,000 gas each pair when they were still zero) that it then needs when it lands, and
// runs out of gas. Gas a transaction does not use is not charged, so the margin costs the sender
// nothing but the balance it must hold while the transaction is pending.

/** The margin over an estimate, in percent of it. */
export const gasLimitMarginPercent = 50n

/** The gas limit for a transaction estimated at `estimate` gas: the estimate and its margin. */
export function gasLimitFor(estimate: bigint): bigint {
  return estimate + (estimate * gasLimitMarginPercent) / 100n
}
