// A wallet's stand-in logo: its initials on a colour derived from its name, as an SVG data URI,
// so the registry never points the frame at an image host.
import { createHash } from 'node:crypto'

export function monogram(name: string): string {
  const letters = name
    .replace(/\./g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase()
  const hue = Number.parseInt(createHash('sha256').update(name).digest('hex').slice(0, 8), 16) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="hsl(${hue} 55% 42%)"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="600" fill="#fff" text-anchor="middle">${letters}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
