// Numbers written the way the frame's language writes them (its digits, decimal sign and
// grouping), for the views that show them: apart from format.ts, which the boot chunk carries.

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

const percentFormats = new Map<string, Intl.NumberFormat>()

/** `points` per cent (0.85 is 0.85 %) written the locale's way: `0.85%`, `0,85 %`, `%0,85`. */
export function percentOf(points: number, locale: string): string {
  let format = percentFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })
    percentFormats.set(locale, format)
  }
  return format.format(points / 100)
}
