import { postgresAvailability, TEST_DATABASE_URL } from '../tests/support/postgres'
import { benchSearchAt, type SearchScale } from './search-scale'

// `npm run bench:search`: search (docs/product/search.md) at real sizes, over real HTTP, on
// PGlite and on PostgreSQL. One user has 10,000 messages (one in 100 about Lisbon); another
// has 100,000, every one about Lisbon. Prints how long writing them through the table API took,
// and the time of the first user's search for a word of their own and for the word the other
// user's history is full of: under row-level security only the first user's rows count, but
// the indexes hold both (docs/security.md, "Known limits"). `npm run bench:platform` runs the
// same search at ten times these sizes.

const scale: SearchScale = {
  mine: Number(process.env.BENCH_MINE ?? 10_000),
  theirs: Number(process.env.BENCH_THEIRS ?? 100_000),
  runs: Number(process.env.BENCH_RUNS ?? 15),
  seed: process.env.BENCH_SEED === 'sql' ? 'sql' : 'http',
}

await benchSearchAt('PGlite', scale)
// BENCH_POSTGRES=0 leaves PostgreSQL out.
const postgres =
  process.env.BENCH_POSTGRES === '0'
    ? { available: false, reason: 'BENCH_POSTGRES=0' }
    : await postgresAvailability()
if (postgres.available) await benchSearchAt('PostgreSQL', scale, TEST_DATABASE_URL)
else console.log(`\nPostgreSQL skipped: ${postgres.reason}`)
