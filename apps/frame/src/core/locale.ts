// The frame's language: which locale speaks and its first-paint messages. A request (the host's
// `locale`, `setLocale`, else the browser's languages) is settled to one of ours; English applies at
// once, another locale once its catalog has loaded, so no view shows a mix of two languages.

import * as Store from '../lib/store.js'
import { type BootMessages, boot } from '../locale/en/boot.js'
import { type Locale, negotiate } from '../locale/locales.js'

export type LocaleState = { readonly locale: Locale; readonly messages: BootMessages }

export function create() {
  return Store.create<LocaleState>({ locale: 'en', messages: boot })
}
export type LocaleStore = ReturnType<typeof create>

/**
 * Switches to the best of ours for `requested` (language tags, most wanted first). Resolves once it
 * shows. Of two overlapping requests the later wins, whichever catalog arrives first. A catalog that
 * fails to load leaves the current language and rejects.
 */
export function apply(
  store: LocaleStore,
  requested: readonly string[],
  load: (locale: Locale) => Promise<BootMessages>,
): Promise<void> {
  const locale = negotiate(requested)
  const ticket = {}
  latest.set(store, ticket)
  return load(locale).then((messages) => {
    if (latest.get(store) === ticket) store.set({ locale, messages })
  })
}
/** Each store's latest request: an earlier one that settles later must not overwrite it. */
const latest = new WeakMap<LocaleStore, object>()
