// drizzle-kit generates the SQL migrations in ./drizzle from the schema; they are committed and
// applied at start by src/db/Database.ts (`npx drizzle-kit generate` after a schema change).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})
