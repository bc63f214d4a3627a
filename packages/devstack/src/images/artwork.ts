// The stand-in registry's artwork: an SVG mark for each registry wallet and each fixture token, so
// the API's logo and icon routes read real image bytes without the internet. Marks are drawn here in
// each brand's colours (a simple glyph on its background), not copies of the brands' files.

/** Glyphs drawn in a 64×64 box, in the foreground colour. */
const glyphs = {
  fox: 'M12 14l16 10h8l16-10-4 22 4 10-12 6h-16l-12-6 4-10z',
  shield: 'M32 10l18 7v13c0 12-8 20-18 24-10-4-18-12-18-24V17z',
  ring: 'M32 12a20 20 0 1 0 0.01 0zM32 22a10 10 0 1 1-0.01 0z',
  arcs: 'M12 50a20 20 0 0 1 40 0h-6a14 14 0 0 0-28 0zM20 50a12 12 0 0 1 24 0h-6a6 6 0 0 0-12 0z',
  ghost: 'M14 34c0-12 8-20 18-20s18 8 18 20v16l-6-4-6 4-6-4-6 4-6-4-6 4z',
  square: 'M16 16h32v32H16zM26 26v12h12V26z',
  wave: 'M10 36c6-10 12-10 18 0s12 10 18 0 10-10 10-10v14c-4 6-10 6-16-2s-12-8-18 2-12 8-12-2z',
  diamond: 'M32 8l18 24-18 24-18-24z',
  bolt: 'M36 8L16 36h14l-4 20 22-30H34z',
  star: 'M32 10l6 14 16 2-12 10 4 16-14-8-14 8 4-16-12-10 16-2z',
  ring2: 'M32 14a18 18 0 1 0 0.01 0zM32 24a8 8 0 1 1-0.01 0z',
} as const

type Mark = { background: string; foreground: string; glyph: keyof typeof glyphs }

/** By registry id; a wallet missing here gets none (the API's source answers 404, the frame its tile). */
export const walletMarks: Record<string, Mark> = {
  metamask: { background: '#ffffff', foreground: '#f6851b', glyph: 'fox' },
  trust: { background: '#0500ff', foreground: '#48ff91', glyph: 'shield' },
  coinbase: { background: '#0052ff', foreground: '#ffffff', glyph: 'ring' },
  rainbow: { background: '#001e59', foreground: '#ffd400', glyph: 'arcs' },
  phantom: { background: '#ab9ff2', foreground: '#ffffff', glyph: 'ghost' },
  zerion: { background: '#2962ef', foreground: '#ffffff', glyph: 'bolt' },
  okx: { background: '#000000', foreground: '#ffffff', glyph: 'square' },
  uniswap: { background: '#fc72ff', foreground: '#ffffff', glyph: 'star' },
  'ledger-live': { background: '#000000', foreground: '#ffffff', glyph: 'square' },
  safe: { background: '#12ff80', foreground: '#121312', glyph: 'shield' },
  argent: { background: '#ff875b', foreground: '#ffffff', glyph: 'diamond' },
  imtoken: { background: '#11c4d1', foreground: '#ffffff', glyph: 'wave' },
  tokenpocket: { background: '#2980fe', foreground: '#ffffff', glyph: 'square' },
  bitget: { background: '#00f0ff', foreground: '#000000', glyph: 'diamond' },
  exodus: { background: '#1f2033', foreground: '#8c66ff', glyph: 'diamond' },
  rabby: { background: '#7084ff', foreground: '#ffffff', glyph: 'ghost' },
  binance: { background: '#1e2026', foreground: '#f0b90b', glyph: 'diamond' },
  '1inch': { background: '#0e1a2b', foreground: '#ff3c3c', glyph: 'bolt' },
  'crypto-com': { background: '#103f68', foreground: '#ffffff', glyph: 'shield' },
  solflare: { background: '#fc7227', foreground: '#fffd00', glyph: 'star' },
  backpack: { background: '#e33e3f', foreground: '#ffffff', glyph: 'square' },
  kraken: { background: '#5741d9', foreground: '#ffffff', glyph: 'ghost' },
}

/** By symbol: the fixture tokens and the native currencies. */
export const tokenMarks: Record<string, Mark> = {
  ETH: { background: '#627eea', foreground: '#ffffff', glyph: 'diamond' },
  WETH: { background: '#ec1c79', foreground: '#ffffff', glyph: 'diamond' },
  USDC: { background: '#2775ca', foreground: '#ffffff', glyph: 'ring2' },
  DAI: { background: '#f5ac37', foreground: '#ffffff', glyph: 'ring' },
  TIX: { background: '#9333ea', foreground: '#ffffff', glyph: 'star' },
  SOL: { background: '#000000', foreground: '#14f195', glyph: 'wave' },
}

/** A mark as an SVG document; `round`: a circle (tokens) rather than a rounded square (wallets). */
export function svg(mark: Mark, round = false): string {
  const shape = round
    ? `<circle cx="32" cy="32" r="32" fill="${mark.background}"/>`
    : `<rect width="64" height="64" rx="14" fill="${mark.background}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${shape}<path fill-rule="evenodd" fill="${mark.foreground}" d="${glyphs[mark.glyph]}"/></svg>`
}
