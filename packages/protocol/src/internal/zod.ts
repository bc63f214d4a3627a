// zod/mini for every protocol schema (the frame bundles them; classic zod's chainable schemas do not
// tree-shake), with classic zod's English issue messages: classic installs that locale on import,
// zod/mini installs none. Schema modules import `z` from here, so the locale comes wherever a schema
// does (~1.1 KB gzip) and nowhere else; package.json lists this file in `sideEffects` so bundlers keep
// the config call. `en` is imported by name: `locales.en()` makes esbuild bundle every locale (~38 KB).
import { en } from 'zod/locales'
import { config } from 'zod/mini'

config(en())

export * from 'zod/mini'
