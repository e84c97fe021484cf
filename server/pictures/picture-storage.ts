import { pictureWidths, type PictureExtension } from '#domain/pictures/catalogue-pictures'
import {
  createFilesystemStorage,
  createS3Storage,
  type ProofStorage,
  type ProofStorageSettings,
} from '#server/proofs/proof-storage'

/**
 * Where the made sizes of catalogue pictures are kept: the same kinds of storage as proofs
 * (server/proofs/proof-storage.ts), with keys of their own, `<content hash>/<width>.<webp|jpg>`.
 * A key's bytes never change, since the hash names the source's bytes and how they were made, so
 * a file written twice (two processes made the same picture) is the same file.
 */
export type PictureStorage = ProofStorage
export type PictureStorageSettings = ProofStorageSettings

export const contentHashPattern = /^[0-9a-f]{32}$/

const pictureKeys = {
  pattern: new RegExp(`^[0-9a-f]{32}/(${pictureWidths.join('|')})\\.(webp|jpg)$`),
  // A bucket may also hold proofs, under keys of their own.
  prefix: 'pictures/',
  name: 'picture',
}

export function createPictureStorage(settings: PictureStorageSettings): PictureStorage {
  return settings.kind === 'filesystem'
    ? createFilesystemStorage(settings.directory, pictureKeys)
    : createS3Storage(settings, pictureKeys)
}

export function pictureFileKey(contentHash: string, width: number, extension: PictureExtension): string {
  return `${contentHash}/${width}.${extension}`
}

export function isPictureFileKey(key: string): boolean {
  return pictureKeys.pattern.test(key)
}
