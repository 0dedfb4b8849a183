import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FetchJob as FetchJobAnswer, FetchResponse } from '../../../contract/fetch-result'

/**
 * Fetches run with `async: true`: queued, run in the background, kept as JSON files under
 * filesDir/data/fetch-jobs so any server process over the same folder can answer for them.
 * A job belongs to the user who queued it; nobody else learns it exists.
 */

/** A job as stored: the answer's fields, and who may read it. */
export interface FetchJob extends FetchJobAnswer {
  ownerId: string
}

const JOB_ID = /^job_[0-9a-f]{24}$/

export function createFetchJobs(filesDir: string, now: () => Date) {
  const dir = path.join(filesDir, 'data', 'fetch-jobs')
  // Jobs still running in this process: a status read waits for them, so answers are final
  // and tests stay deterministic.
  const running = new Map<string, Promise<void>>()

  async function save(job: FetchJob) {
    await mkdir(dir, { recursive: true })
    const file = path.join(dir, `${job.jobId}.json`)
    // Write then rename: a reader never sees half a file.
    await writeFile(`${file}.tmp`, JSON.stringify(job))
    await rename(`${file}.tmp`, file)
  }

  return {
    async enqueue(ownerId: string, work: () => Promise<FetchResponse>): Promise<FetchJob> {
      const job: FetchJob = {
        jobId: `job_${randomBytes(12).toString('hex')}`,
        ownerId,
        status: 'queued',
        createdAt: now().toISOString(),
      }
      await save(job)
      const run = work()
        .then((result) =>
          save({ ...job, status: 'completed', result, completedAt: now().toISOString() }),
        )
        .catch((error: unknown) =>
          save({
            ...job,
            status: 'failed',
            error: error instanceof Error ? error.message : 'The request failed',
            completedAt: now().toISOString(),
          }),
        )
        .finally(() => running.delete(job.jobId))
      running.set(job.jobId, run)
      return job
    },

    /** The job if it exists and belongs to `ownerId`, else null. */
    async read(jobId: string, ownerId: string): Promise<FetchJob | null> {
      if (!JOB_ID.test(jobId)) return null
      await running.get(jobId)
      try {
        const job = JSON.parse(await readFile(path.join(dir, `${jobId}.json`), 'utf8')) as FetchJob
        return job.ownerId === ownerId ? job : null
      } catch {
        return null
      }
    },
  }
}
