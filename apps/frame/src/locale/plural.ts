// Messages that count something ("3 tokens", "1 more waiting"): one form per plural category the
// language uses (English one/other, Russian one/few/many/other, Arabic six, Japanese other only),
// chosen by Intl.PluralRules. `#` in a form is the count, written in the locale's digits.

/**
 * A counting message: its forms by plural category; `other` every language has. Catalogs write it as
 * a plain object, so that they import nothing: English's is typed `as Plural` (a language needs other
 * forms than English's), every other catalog by English's type.
 */
export type Plural = {
  readonly plural: Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & { readonly other: string }
}

export function isPlural(value: unknown): value is Plural {
  return typeof value === 'object' && value !== null && 'plural' in value
}

const rules = new Map<string, Intl.PluralRules>()
const numbers = new Map<string, Intl.NumberFormat>()

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let value = cache.get(locale)
  if (!value) {
    value = make()
    cache.set(locale, value)
  }
  return value
}

/** The plural categories `locale`'s language tells apart: each catalog writes a form for each. */
export function categories(locale: string): readonly Intl.LDMLPluralRule[] {
  return cached(rules, locale, () => new Intl.PluralRules(locale)).resolvedOptions().pluralCategories
}

/** `message` for `count` in `locale`: the form of its category (else `other`), `#` the count. */
export function count(locale: string, message: Plural, value: number): string {
  const category = cached(rules, locale, () => new Intl.PluralRules(locale)).select(value)
  const form = message.plural[category] ?? message.plural.other
  return form.replaceAll('#', cached(numbers, locale, () => new Intl.NumberFormat(locale)).format(value))
}
