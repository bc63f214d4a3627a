// walletframe-api: serve the API, run migrations, manage projects.
//   walletframe-api serve --config chains.local.json [--port 8787] [--data-dir .data/api] [--dev] [--origin URL]…
//   walletframe-api migrate [--data-dir DIR]
//   walletframe-api project create --name NAME [--origin URL]… [--id ID] [--no-analytics]
//   walletframe-api project list
// DATABASE_URL selects a PostgreSQL server; otherwise PGlite in --data-dir (default .data/api).
import { parseArgs } from 'node:util'
import * as Config from './Config.js'
import * as Database from './db/Database.js'
import * as Projects from './db/projects.js'
import { ConfigError } from './errors.js'
import { startApi } from './startApi.js'

const usage = `usage:
  walletframe-api serve --config FILE [--port N] [--host H] [--data-dir DIR] [--dev] [--origin URL]...
  walletframe-api migrate [--data-dir DIR]
  walletframe-api project create --name NAME [--origin URL]... [--id ID] [--no-analytics] [--data-dir DIR]
  walletframe-api project list [--data-dir DIR]
environment: DATABASE_URL (PostgreSQL server; PGlite in --data-dir otherwise)`

const defaultDataDir = '.data/api'

export async function main(
  argv: string[],
  /** Tests hand in an open database instead of the process environment's. */
  io: { open?: typeof Database.open } = {},
): Promise<number> {
  const open = io.open ?? Database.open
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    return 2
  }
  const { positionals, values } = parsed
  const [command, sub] = positionals
  const databaseOptions = {
    databaseUrl: process.env.DATABASE_URL,
    dataDir: values['data-dir'] ?? defaultDataDir,
  }
  try {
    if (command === 'serve') {
      if (!values.config) throw new ConfigError('serve needs --config FILE')
      const config = await Config.load(values.config)
      if (values.dev) config.options.development = true
      const api = await startApi({
        config,
        port: values.port ? Number(values.port) : 8787,
        ...(values.host ? { host: values.host } : {}),
        ...databaseOptions,
        ...(values.dev || values.origin?.length
          ? { localProject: { allowedOrigins: values.origin ?? [] } }
          : {}),
      })
      console.log(`walletframe-api listening on ${api.url}`)
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve())
      })
      await api.stop()
      return 0
    }
    if (command === 'migrate') {
      await withDatabase(open, databaseOptions, async () => console.log('migrations applied'))
      return 0
    }
    if (command === 'project' && sub === 'create') {
      if (!values.name) throw new ConfigError('project create needs --name')
      const origins = values.origin ?? []
      for (const origin of origins) {
        Config.ProjectEntry.shape.allowedOrigins.parse([origin])
      }
      const project = await withDatabase(open, databaseOptions, (database) =>
        Projects.create(database.db, {
          id: values.id,
          name: values.name!,
          allowedOrigins: origins,
          analyticsEnabled: !values['no-analytics'],
        }),
      )
      console.log(JSON.stringify(project, null, 2))
      return 0
    }
    if (command === 'project' && sub === 'list') {
      const rows = await withDatabase(open, databaseOptions, (database) => Projects.list(database.db))
      for (const row of rows) console.log(`${row.id}\t${row.name}\t${row.allowedOrigins.join(',') || '-'}`)
      return 0
    }
    console.error(usage)
    return 2
  } catch (error) {
    const message =
      error instanceof Error && 'issues' in error
        ? `Invalid --origin: ${(error as { issues: { message: string }[] }).issues[0]?.message}`
        : (error as Error).message
    console.error(`walletframe-api: ${message}`)
    return 1
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      dev: { type: 'boolean' },
      origin: { type: 'string', multiple: true },
      name: { type: 'string' },
      id: { type: 'string' },
      'no-analytics': { type: 'boolean' },
    },
  })
}

async function withDatabase<T>(
  open: typeof Database.open,
  options: Database.open.Options,
  run: (database: Database.Database) => Promise<T>,
): Promise<T> {
  const database = await open(options)
  try {
    await database.migrate()
    return await run(database)
  } finally {
    await database.close()
  }
}
