import { isAddress, parseUnits } from 'viem'
export const probe = (a: string) => isAddress(a) && parseUnits('1', 6) > 0n
