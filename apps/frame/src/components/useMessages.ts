// The first-paint messages a component shows, in the frame's language, and the language itself.
import { useFrame } from '../app/context.js'
import type { BootMessages } from '../locale/en/boot.js'
import type { Locale } from '../locale/locales.js'
import { useStore } from './useStore.js'

export function useMessages(): BootMessages {
  return useStore(useFrame().core.locale).messages
}

export function useLocale(): Locale {
  return useStore(useFrame().core.locale).locale
}
