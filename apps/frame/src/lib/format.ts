// Amounts as people read them (SPEC §9: displayed balances truncated to 3 decimals).

/** `value` in the smallest unit, with `decimals`, as a decimal text cut (not rounded) to `digits`. */
export function truncateUnits(value: bigint | string, decimals: number, digits = 3): string {
  const amount = BigInt(value)
  const negative = amount < 0n
  const text = (negative ? -amount : amount).toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals) || '0'
  const fraction = text.slice(text.length - decimals, text.length - decimals + digits).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
