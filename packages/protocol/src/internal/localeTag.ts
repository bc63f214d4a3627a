// A language tag as the host may name the frame's language (BCP 47 shape: `ja`, `pt-BR`,
// `zh-Hans-CN`), free of zod so that the host SDK checks it without bundling a schema library.
// Locale in validation.ts refines with this same function.

/** A 2-3 letter language, then subtags of 1-8 letters or digits; at most 35 characters. */
export const localeTagPattern = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*$/

export const localeTagMaxLength = 35

export function isLocaleTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= localeTagMaxLength && localeTagPattern.test(value)
}
