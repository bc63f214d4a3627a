// The messages a component shows, in the frame's language: the first-paint ones from the store,
// those of later views from their catalog chunk (the view suspends until it has loaded).
import { use } from 'react'
import { useFrame } from '../app/context.js'
import { loadViews } from '../locale/catalogs.js'
import type { BootMessages } from '../locale/en/boot.js'
import type { ViewMessages } from '../locale/en/views.js'
import type { Locale } from '../locale/locales.js'
import { useStore } from './useStore.js'

export function useMessages(): BootMessages {
  return useStore(useFrame().core.locale).messages
}

export function useViewMessages(): ViewMessages {
  return use(loadViews(useLocale()))
}

export function useLocale(): Locale {
  return useStore(useFrame().core.locale).locale
}
