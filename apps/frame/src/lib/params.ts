// Parameters of a wallet method, parsed at the edge with their protocol schema: the first issue's
// message becomes the -32602 the dapp sees.
import { InvalidParamsError } from '@walletframe/protocol'

export function parse<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } }
  },
  params: unknown,
  what: string,
): T {
  const result = schema.safeParse(params)
  if (result.success) return result.data
  throw new InvalidParamsError(result.error.issues[0]?.message ?? `Invalid ${what}`)
}
