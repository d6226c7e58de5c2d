import { eq, sql } from 'drizzle-orm';
import { guardians, schools } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { createRandom } from './names.js';

/**
 * Demo Ministry data (issue 35 §1 KEMIS): each school's institution fields (KNEC, TSC and registration
 * codes, KRA PIN, county and sub-county with their codes, ward, zone, cluster, day/boarding, levels), the
 * learners' KEMIS fields for most learners and the guardians' ID numbers for most guardians. So the
 * missing-fields report and the UPI import have something to show: about one learner in twenty lacks
 * nationality or county of residence, a few guardians still have no ID number, and about a third of the
 * newest entrants (the lowest level) await their UPI. Deterministic (the seed's random).
 */

const INSTITUTIONS: Record<string, Partial<typeof schools.$inferInsert>> = {
  greenhill: {
    knecCode: '20400012',
    tscCode: '10452',
    registrationNumber: 'MOE/NRB/P/2012/0412',
    kraPin: 'P051234567X',
    countyCode: '047',
    subCounty: 'Dagoretti North',
    subCountyCode: '047-03',
    ward: 'Kilimani',
    zone: 'Kilimani',
    cluster: 'Ngong Road',
    boardingType: 'mixed',
    levelsOffered: ['pre_primary', 'primary', 'junior'],
  },
  riverside: {
    knecCode: '20400588',
    tscCode: '20977',
    registrationNumber: 'MOE/NRB/PVT/2009/1187',
    kraPin: 'P052345678Q',
    countyCode: '047',
    subCounty: 'Westlands',
    subCountyCode: '047-13',
    ward: 'Parklands/Highridge',
    zone: 'Westlands',
    cluster: 'Riverside',
    boardingType: 'mixed',
    levelsOffered: ['junior', 'senior'],
  },
};

/** Counties of residence of a Nairobi school's learners (code, sub-counties), most from Nairobi. */
const RESIDENCE: [string, string[], number][] = [
  ['047', ['Dagoretti North', 'Westlands', 'Langata', 'Kibra', 'Embakasi East', 'Roysambu'], 0.7],
  ['022', ['Kikuyu', 'Kiambu Town', 'Ruiru', 'Limuru'], 0.15],
  ['034', ['Kajiado North', 'Kajiado East'], 0.1],
  ['016', ['Mavoko', 'Machakos Town'], 0.05],
];
const CONDITIONS = ['Asthma', 'Epilepsy', 'Sickle cell disease', 'Type 1 diabetes', 'Peanut allergy'];
const NEEDS = ['visual', 'hearing', 'physical', 'learning', 'speech_language', 'autism', 'gifted'];

export async function seedMinistry(
  tx: Tx,
  p: {
    schoolId: string;
    code: string;
    /** Every learner: id, level order, whether in the school's lowest level, and whether the demo parent's child (kept complete). */
    learners: { id: string; levelOrder: number; lowest: boolean; keep: boolean }[];
    guardianIds: string[];
  },
  seed: number,
): Promise<void> {
  const rnd = createRandom(seed);
  const inst = INSTITUTIONS[p.code];
  if (inst) await tx.update(schools).set(inst).where(eq(schools.id, p.schoolId));

  const rows = p.learners.map((l) => {
    const u = rnd.next();
    let acc = 0;
    const [county, subs] = RESIDENCE.find(([, , w]) => (acc += w) >= u) ?? RESIDENCE[0]!;
    const missingNationality = !l.keep && rnd.next() < 0.03;
    const missingCounty = !l.keep && rnd.next() < 0.03;
    const n = rnd.next();
    return {
      id: l.id,
      nationality: missingNationality ? null : n < 0.95 ? 'KE' : n < 0.98 ? 'UG' : 'TZ',
      residence_county_code: missingCounty ? null : county,
      residence_sub_county: missingCounty ? null : rnd.pick(subs),
      special_needs_codes: rnd.next() < 0.04 ? [rnd.pick(NEEDS)] : [],
      medical_condition: rnd.next() < 0.05 ? rnd.pick(CONDITIONS) : null,
      sha_number: rnd.next() < 0.75 ? `SHA${String(rnd.int(10_000_000, 99_999_999))}` : null,
      // KPSEA (end of Grade 6) for junior-school learners (Grade 7 and up, CBC levels 7-9).
      kpsea_index_number: l.levelOrder >= 7 && l.levelOrder <= 9 && rnd.next() < 0.9 ? `${String(rnd.int(20_400_000, 20_499_999))}${String(rnd.int(1, 999)).padStart(3, '0')}` : null,
      clear_upi: l.lowest && !l.keep && rnd.next() < 0.35,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = JSON.stringify(rows.slice(i, i + 500));
    await tx.execute(sql`
      update students s set
        nationality = v.nationality,
        residence_county_code = v.residence_county_code,
        residence_sub_county = v.residence_sub_county,
        special_needs_codes = v.special_needs_codes,
        medical_condition = v.medical_condition,
        sha_number = v.sha_number,
        kpsea_index_number = v.kpsea_index_number,
        upi = case when v.clear_upi then null else s.upi end
      from jsonb_to_recordset(${chunk}::jsonb) as v(id uuid, nationality text, residence_county_code text, residence_sub_county text,
        special_needs_codes text[], medical_condition text, sha_number text, kpsea_index_number text, clear_upi boolean)
      where s.id = v.id and s.school_id = ${p.schoolId}`);
  }

  // Most guardians without an ID number get one (about 95 % then have one).
  const ids = p.guardianIds.flatMap((id) => (rnd.next() < 0.85 ? [{ id, id_number: String(rnd.int(10_000_000, 39_999_999)) }] : []));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = JSON.stringify(ids.slice(i, i + 500));
    await tx.execute(sql`
      update ${guardians} g set id_number = v.id_number
      from jsonb_to_recordset(${chunk}::jsonb) as v(id uuid, id_number text)
      where g.id = v.id and g.id_number is null and g.school_id = ${p.schoolId}`);
  }
}
