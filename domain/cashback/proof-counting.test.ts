import { describe, expect, it } from 'vitest'
import { countedProofs, remainingProofPlaces } from './proof-counting.ts'

const approved = { status: 'approved' as const }
const pending = { status: 'pending' as const }
const rejected = { status: 'rejected' as const }

describe('counted proofs', () => {
  it('leaves out, on a rejected transaction, proofs approved earlier for 1-day cashback', () => {
    expect(countedProofs({ status: 'REJECTED' }, [approved, rejected, pending])).toEqual([rejected, pending])
    expect(remainingProofPlaces({ status: 'REJECTED' }, [approved, approved, approved, approved, approved])).toBe(5)
  })

  it('counts every proof otherwise, up to 5 places', () => {
    expect(countedProofs({ status: 'PENDING' }, [approved, pending])).toEqual([approved, pending])
    expect(remainingProofPlaces({ status: 'PENDING' }, [pending, pending])).toBe(3)
    expect(remainingProofPlaces({ status: 'APPROVED' }, Array(6).fill(approved))).toBe(0)
  })
})
