// The two value grammars sign-in messages borrow: RFC 3986 URIs and RFC 3339 date-times.

// scheme ":" then only URI characters, every % followed by two hex digits.
const uri = /^[a-zA-Z][a-zA-Z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/

export function isUri(value: string): boolean {
  return uri.test(value)
}

const dateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|z|[+-](\d{2}):(\d{2}))$/

/**
 * An RFC 3339 `date-time` that names a real instant. JavaScript's Date parser rolls 2021-02-30 over
 * to March and reads many other forms, so the fields are checked before a Date is made.
 */
export function isRfc3339(value: string): boolean {
  const match = dateTime.exec(value)
  if (!match) return false
  const [year, month, day, hour, minute, second, offsetHour = 0, offsetMinute = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[]
  if (month! < 1 || month! > 12 || day! < 1) return false
  if (day! > new Date(Date.UTC(year!, month!, 0)).getUTCDate()) return false
  // Second 60 (a leap second) is valid RFC 3339, but a Date cannot hold it.
  return hour! <= 23 && minute! <= 59 && second! <= 59 && offsetHour <= 23 && offsetMinute <= 59
}
