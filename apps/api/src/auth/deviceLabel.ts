// How a device is named in a mail to its owner ("Chrome on Linux"): a label picked from a fixed list
// by what the User-Agent header says, never the header's own text. Anyone can send any header, and a
// mail of ours must carry only our words and our links.

const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  // Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const pick = (list: ReadonlyArray<readonly [RegExp, string]>, header: string) =>
  list.find(([pattern]) => pattern.test(header))?.[1]

/** "Chrome on Linux", "a browser on Windows", "Safari", or "an unknown browser". */
export function fromUserAgent(header: string | undefined): string {
  const ua = (header ?? '').slice(0, 512)
  const browser = pick(browsers, ua)
  const system = pick(systems, ua)
  if (browser && system) return `${browser} on ${system}`
  if (browser) return browser
  if (system) return `a browser on ${system}`
  return 'an unknown browser'
}
