// @solana/spl-token (and bigint-buffer under it) call Node's global Buffer, which browsers lack and
// Vite does not provide. The frame defines it, and only here: it loads with the Solana chain code.
import { Buffer } from 'buffer'

const scope = globalThis as { Buffer?: typeof Buffer }
scope.Buffer ??= Buffer
