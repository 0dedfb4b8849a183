import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FetchJob as FetchJobAnswer, FetchResponse } from '../../../contract/fetch-result'
import type { PlatformDeps } from '../platform-deps'
import type { SqlStore } from '../store/sql-store'

/**
 * Fetches run with `async: true`: queued, then run in the background by the server that took
 * them. Kept where every server reads them: the table `data_fetch_jobs` on PostgreSQL, JSON
 * files under filesDir/data/fetch-jobs on PGlite (one process). A job belongs to the user who
 * queued it; nobody else learns it exists.
 */

/** A job as stored: the answer's fields, and who may read it. */
export interface FetchJob extends FetchJobAnswer {
  ownerId: string
}

const JOB_ID = /^job_[0-9a-f]{24}$/

/**
 * A fetch answers in milliseconds (it never leaves the machine: docs/security.md, "Fetch
 * policy"), so a job still queued this long after it was taken lost its server (killed,
 * restarted) and will never finish: it reads as failed rather than queued forever.
 */
const LOST_AFTER_MS = 60_000

interface JobRecords {
  save(job: FetchJob): Promise<void>
  load(jobId: string, ownerId: string): Promise<FetchJob | null>
}

export function createFetchJobs(deps: Pick<PlatformDeps, 'store' | 'filesDir' | 'now' | 'log'>) {
  const { store, filesDir, now } = deps
  const records =
    store.kind === 'postgres'
      ? databaseRecords(store)
      : diskRecords(path.join(filesDir, 'data', 'fetch-jobs'))
  // Jobs still running in this process: a status read here waits for them, so answers are
  // final and tests stay deterministic.
  const running = new Map<string, Promise<void>>()

  return {
    async enqueue(ownerId: string, work: () => Promise<FetchResponse>): Promise<FetchJob> {
      const job: FetchJob = {
        jobId: `job_${randomBytes(12).toString('hex')}`,
        ownerId,
        status: 'queued',
        createdAt: now().toISOString(),
      }
      await records.save(job)
      const run = work()
        .then((result) =>
          records.save({ ...job, status: 'completed', result, completedAt: now().toISOString() }),
        )
        .catch((error: unknown) =>
          records.save({
            ...job,
            status: 'failed',
            error: error instanceof Error ? error.message : 'The request failed',
            completedAt: now().toISOString(),
          }),
        )
        // The outcome could not be kept (the database gone meanwhile): the job stays queued
        // until it reads as lost, and the process keeps serving.
        .catch(() => deps.log('data: could not record the outcome of a fetch job'))
        .finally(() => running.delete(job.jobId))
      running.set(job.jobId, run)
      return job
    },

    /** The job if it exists and belongs to `ownerId`, else null. */
    async read(jobId: string, ownerId: string): Promise<FetchJob | null> {
      if (!JOB_ID.test(jobId)) return null
      await running.get(jobId)
      const job = await records.load(jobId, ownerId)
      if (job?.status !== 'queued') return job
      if (now().getTime() - Date.parse(job.createdAt) < LOST_AFTER_MS) return job
      return {
        ...job,
        status: 'failed',
        error: 'The server running this job stopped before it finished',
      }
    },
  }
}

/** Written and read by the platform's own role: the request roles have no privilege on it. */
function databaseRecords(store: SqlStore): JobRecords {
  return {
    async save(job) {
      await store.query(
        `insert into data_fetch_jobs (job_id, owner_id, job, updated_at)
         values ($1, $2, $3, now())
         on conflict (job_id) do update set job = excluded.job, updated_at = excluded.updated_at`,
        [job.jobId, job.ownerId, JSON.stringify(job)],
      )
    },
    async load(jobId, ownerId) {
      const { rows } = await store.query<{ job: FetchJob }>(
        'select job from data_fetch_jobs where job_id = $1 and owner_id = $2',
        [jobId, ownerId],
      )
      return rows[0]?.job ?? null
    },
  }
}

function diskRecords(dir: string): JobRecords {
  return {
    async save(job) {
      await mkdir(dir, { recursive: true })
      const file = path.join(dir, `${job.jobId}.json`)
      // Write then rename: a reader never sees half a file.
      await writeFile(`${file}.tmp`, JSON.stringify(job))
      await rename(`${file}.tmp`, file)
    },
    async load(jobId, ownerId) {
      try {
        const job = JSON.parse(await readFile(path.join(dir, `${jobId}.json`), 'utf8')) as FetchJob
        return job.ownerId === ownerId ? job : null
      } catch {
        return null
      }
    },
  }
}
