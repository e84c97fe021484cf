import { availableParallelism } from 'node:os'
import sharp from 'sharp'
import { createWorkQueue, type WorkQueue } from '#server/proofs/work-queue'

/**
 * The one queue of picture decoding and encoding in a process: proofs and chat pictures as they
 * are uploaded (server/proofs/reencode-proof-image.ts) and the catalogue's pictures as the worker
 * makes them (server/pictures/make-picture-sizes.ts). One picture at a time per two cores, each on
 * one libvips thread (`sharp.concurrency(1)`): ten uploads at once on a 2-core machine take turns
 * on one core and leave the other to the event loop and the database, and the picture worker waits
 * its turn behind shoppers' uploads. `sharp.cache(false)` keeps libvips from holding decoded
 * pictures after a task. Waiting tasks already hold their bytes, so at most `maxWaitingPictures`
 * may wait; more are refused with `WorkQueueFullError`.
 */
const maxWaitingPictures = 32

let sharedQueue: WorkQueue | undefined

export function imageWorkQueue(): WorkQueue {
  if (sharedQueue === undefined) {
    // Process-wide settings of sharp: every picture this server decodes goes through here.
    sharp.concurrency(1)
    sharp.cache(false)
    sharedQueue = createWorkQueue({
      concurrency: Math.max(1, Math.floor(availableParallelism() / 2)),
      maxWaiting: maxWaitingPictures,
    })
  }
  return sharedQueue
}
