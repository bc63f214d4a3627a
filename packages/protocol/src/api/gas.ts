// GET /v1/convert/gas-price: fee levels in wei, from the chain's fee history.
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { SdkQuery } from './common.js'

export const GasPriceQuery = z.extend(SdkQuery, { chainId: CaipNetworkId })
export type GasPriceQuery = z.infer<typeof GasPriceQuery>

const Wei = z.string().check(z.regex(/^\d+$/, 'a non-negative integer in wei'))

/** Max fee per gas (base fee + priority tip) in wei, as decimal text, at three speeds. */
export const GasPriceResponse = z.object({ standard: Wei, fast: Wei, instant: Wei })
export type GasPriceResponse = z.infer<typeof GasPriceResponse>
