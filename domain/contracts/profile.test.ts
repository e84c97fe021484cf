import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ageOn, bangkokToday, createProfileSchema, profileFieldErrors, type ProfileInput } from './profile.ts'

const now = () => new Date('2026-11-15T03:00:00Z')

const validInput: ProfileInput = {
  firstName: ' สมชาย ',
  lastName: 'ใจดี',
  age: '34',
  gender: 'male',
  email: 'Somchai@Example.co.th',
  phone: '081-234-5678',
  birthDate: '1992-03-01',
  phoneOrIdNumber: '1-1017-00203-55-7',
}

describe('profileSchema', () => {
  it('outputs the canonical profile', () => {
    expect(v.parse(createProfileSchema({ now }), validInput)).toEqual({
      firstName: 'สมชาย',
      lastName: 'ใจดี',
      age: 34,
      gender: 'male',
      email: 'somchai@example.co.th',
      phone: '0812345678',
      birthDate: '1992-03-01',
      phoneOrIdNumber: '1101700203557',
    })
  })

  it('treats empty optional fields as not given', () => {
    const profile = v.parse(createProfileSchema({ now }), {
      ...validInput,
      age: 20,
      birthDate: '',
      phoneOrIdNumber: null,
    })
    expect(profile).toMatchObject({ age: 20, birthDate: null, phoneOrIdNumber: null })
    expect(profileFieldErrors({ ...validInput, birthDate: undefined, phoneOrIdNumber: undefined }, { now })).toEqual({})
  })

  it('accepts a mobile number as the phone-or-ID field', () => {
    expect(v.parse(createProfileSchema({ now }), { ...validInput, phoneOrIdNumber: '+66 91 234 5678' })).toMatchObject({
      phoneOrIdNumber: '0912345678',
    })
  })
})

describe('profileFieldErrors', () => {
  it('is empty for a valid profile', () => {
    expect(profileFieldErrors(validInput, { now })).toEqual({})
  })

  it('says required for every missing or empty required field', () => {
    expect(
      profileFieldErrors({ firstName: '', lastName: '   ', age: '', gender: '', email: '', phone: '' }, { now }),
    ).toEqual({
      firstName: 'required',
      lastName: 'required',
      age: 'required',
      gender: 'required',
      email: 'required',
      phone: 'required',
    })
    expect(profileFieldErrors({}, { now })).toMatchObject({ firstName: 'required', email: 'required' })
    expect(profileFieldErrors(null, { now })).toMatchObject({ firstName: 'required', phoneOrIdNumber: 'required' })
  })

  it('gives one reason code per field', () => {
    expect(
      profileFieldErrors(
        {
          ...validInput,
          firstName: 'ก'.repeat(101),
          age: '17',
          gender: 'robot',
          email: 'somchai@',
          phone: '021234567',
          birthDate: '1992-02-30',
          phoneOrIdNumber: '1101700203558',
        },
        { now },
      ),
    ).toEqual({
      firstName: 'too_long',
      age: 'under_18',
      gender: 'invalid_gender',
      email: 'invalid_email',
      phone: 'invalid_phone',
      birthDate: 'invalid_birth_date',
      phoneOrIdNumber: 'invalid_id_number',
    })
    expect(profileFieldErrors({ ...validInput, age: 'thirty' }, { now })).toEqual({ age: 'invalid_age' })
    expect(profileFieldErrors({ ...validInput, age: 18.5 }, { now })).toEqual({ age: 'invalid_age' })
    expect(profileFieldErrors({ ...validInput, birthDate: '2030-01-01' }, { now })).toEqual({
      birthDate: 'invalid_birth_date',
    })
  })

  it('wants the birth date within a year of the age', () => {
    expect(profileFieldErrors({ ...validInput, age: 35 }, { now })).toEqual({})
    expect(profileFieldErrors({ ...validInput, age: 33 }, { now })).toEqual({})
    expect(profileFieldErrors({ ...validInput, age: 40 }, { now })).toEqual({ birthDate: 'birth_date_mismatch' })
  })
})

describe('ages', () => {
  it('counts completed years', () => {
    expect(ageOn('2008-11-15', '2026-11-15')).toBe(18)
    expect(ageOn('2008-11-16', '2026-11-15')).toBe(17)
  })

  it('turns the day over at Bangkok midnight', () => {
    expect(bangkokToday(new Date('2026-11-15T16:59:59Z'))).toBe('2026-11-15')
    expect(bangkokToday(new Date('2026-11-15T17:00:00Z'))).toBe('2026-11-16')
  })
})
