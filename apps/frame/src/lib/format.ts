// Amounts as people read them: displayed balances are truncated (not rounded) to 3 decimals.

/** `value` in the smallest unit, with `decimals`, as a decimal text cut (not rounded) to `digits`. */
export function truncateUnits(value: bigint | string, decimals: number, digits = 3): string {
  const amount = BigInt(value)
  const negative = amount < 0n
  const text = (negative ? -amount : amount).toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals) || '0'
  const fraction = text.slice(text.length - decimals, text.length - decimals + digits).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** A decimal text (as the API sends amounts) cut, not rounded, to `digits` decimals. */
export function truncateDecimal(numeric: string, digits = 3): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!match) return numeric
  const [, sign, whole, fraction = ''] = match
  const kept = fraction.slice(0, digits).replace(/0+$/, '')
  const wholeText = (whole ?? '').replace(/^0+(?=\d)/, '') || '0'
  const negative = sign === '-' && (/[1-9]/.test(wholeText) || /[1-9]/.test(kept))
  return `${negative ? '-' : ''}${wholeText}${kept ? `.${kept}` : ''}`
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** A USD amount as people read it: `$1,234.56`; under a cent but above 0 as `<$0.01`. */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return '<$0.01'
  return usd.format(value)
}
