// Amounts as people read them: displayed balances are truncated (not rounded) to 3 decimals, then
// written the way the frame's language writes numbers (its digits, decimal sign and grouping).

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

const decimalFormats = new Map<string, Intl.NumberFormat>()

/** One formatter per locale: building an Intl formatter costs far more than using one. */
function decimalFormat(locale: string): Intl.NumberFormat {
  let format = decimalFormats.get(locale)
  if (!format) {
    // 20 is the most fraction digits Intl allows; the text is already cut, so none is lost or rounded.
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 })
    decimalFormats.set(locale, format)
  }
  return format
}

/**
 * A decimal text that is already cut to its digits (truncateUnits, truncateDecimal), written the
 * locale's way: `1234.567` is `1,234.567` in English, `1.234,567` in German, `1 234,567` in French.
 * The text is passed to Intl as a string, so a balance beyond 2^53 keeps every digit.
 */
export function localizeDecimal(text: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text
  return decimalFormat(locale).format(text as Intl.StringNumericLiteral)
}

/** A count (wallets left to show) in the locale's digits. */
export function formatCount(count: number, locale: string): string {
  return decimalFormat(locale).format(count)
}
