// Errors the devstack raises, each with a stable code so callers (CLI, npm start, tests) can branch on it.

export class DevstackError extends Error {
  override readonly name: string = 'DevstackError'
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** A child process (anvil) exited before it was ready, or while the stack was running. */
export class ChildProcessError extends DevstackError {
  override readonly name = 'ChildProcessError'
  constructor(
    readonly child: string,
    detail: string,
  ) {
    super('CHILD_PROCESS_FAILED', `${child} ${detail}`)
  }
}

/** An endpoint did not answer within its start-up deadline. */
export class StartTimeoutError extends DevstackError {
  override readonly name = 'StartTimeoutError'
  constructor(what: string, ms: number) {
    super('START_TIMEOUT', `${what} did not become ready within ${ms} ms`)
  }
}

/** A fixture transaction reverted or a contract ended up without code. */
export class FixtureError extends DevstackError {
  override readonly name = 'FixtureError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('FIXTURE_FAILED', message, options)
  }
}

/** No free port pair could be bound after several tries. */
export class PortUnavailableError extends DevstackError {
  override readonly name = 'PortUnavailableError'
  constructor(detail: string) {
    super('PORT_UNAVAILABLE', `Could not bind a free port: ${detail}`)
  }
}

/** The repository root (a package.json with "workspaces") was not found above a directory. */
export class RepoRootNotFoundError extends DevstackError {
  override readonly name = 'RepoRootNotFoundError'
  constructor(from: string) {
    super('REPO_ROOT_NOT_FOUND', `No package.json with "workspaces" above ${from}; pass --out FILE`)
  }
}
