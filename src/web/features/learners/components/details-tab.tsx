import type * as React from 'react';
import type { StudentDetail } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ageToday, formatDate } from './format';
import { countyName } from '@shared/kenya-counties';
import { SPECIAL_NEEDS_LABELS, kemisMessages } from '@shared/messages/kemis';

const k = kemisMessages.learner;

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const m = messages.learners;
const f = m.profile.fields;
const g = m.profile.groups;

function Item({ label, value, mono, wide, testId }: { label: string; value: React.ReactNode; mono?: boolean; wide?: boolean; testId?: string }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn('mt-0.5 text-sm break-words', empty ? 'text-muted-foreground/80 italic' : 'font-medium', mono && !empty && 'font-mono text-[13px]', wide && 'whitespace-pre-line')}
        data-testid={testId}
      >
        {empty ? m.common.notRecorded : value}
      </dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <h3 className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3.5 sm:gap-x-6">{children}</dl>
    </section>
  );
}

/**
 * The Details tab: every field of the learner's record, grouped (personal, identifiers, school,
 * health). Health is left out for the finance officer, whom the API does not send it.
 */
export function DetailsTab({ learner, showHealth }: { learner: StudentDetail; showHealth: boolean }) {
  const age = ageToday(learner.dateOfBirth);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="profile-details">
      <Group title={g.personal}>
        <Item label={f.firstName} value={learner.firstName} testId="detail-firstName" />
        <Item label={f.middleName} value={learner.middleName} testId="detail-middleName" />
        <Item label={f.lastName} value={learner.lastName} testId="detail-lastName" />
        <Item label={f.gender} value={m.genders[learner.gender]} testId="detail-gender" />
        <Item label={f.dateOfBirth} value={learner.dateOfBirth ? formatDate(learner.dateOfBirth) : null} testId="detail-dateOfBirth" />
        <Item label={f.age} value={age === null ? null : m.common.years(age)} />
      </Group>
      <Group title={g.identifiers}>
        <Item label={f.admissionNumber} value={learner.admissionNumber} mono testId="detail-admissionNumber" />
        <Item label={f.upi} value={learner.upi} mono testId="detail-upi" />
        <Item label={f.assessmentNumber} value={learner.assessmentNumber} mono testId="detail-assessmentNumber" />
        <Item label={f.birthCertificateNumber} value={learner.birthCertificateNumber} mono testId="detail-birthCertificateNumber" />
      </Group>
      <Group title={g.school}>
        <Item label={f.classId} value={learner.className} testId="detail-class" />
        <Item label={f.academicYear} value={learner.academicYear} />
        <Item label={f.boarding} value={m.boardingOptions[learner.boarding]} testId="detail-boarding" />
        <Item label={f.admittedOn} value={learner.admittedOn ? formatDate(learner.admittedOn) : null} testId="detail-admittedOn" />
        <Item label={f.previousSchool} value={learner.previousSchool} testId="detail-previousSchool" />
        <Item label={f.previousUpi} value={learner.previousUpi} mono testId="detail-previousUpi" />
      </Group>
      <Group title={kemisMessages.learner.title}>
        <Item label={k.nationality} value={learner.nationality ? countryName(learner.nationality) : null} testId="detail-nationality" />
        <Item label={k.residenceCountyCode} value={learner.residenceCountyCode ? `${learner.residenceCountyCode} · ${countyName(learner.residenceCountyCode) ?? ''}` : null} testId="detail-residenceCounty" />
        <Item label={k.residenceSubCounty} value={learner.residenceSubCounty} testId="detail-residenceSubCounty" />
        <Item label={k.shaNumber} value={learner.shaNumber} mono testId="detail-shaNumber" />
        <Item label={k.kcpeIndexNumber} value={learner.kcpeIndexNumber} mono testId="detail-kcpeIndexNumber" />
        <Item label={k.kpseaIndexNumber} value={learner.kpseaIndexNumber} mono testId="detail-kpseaIndexNumber" />
        {showHealth && (
          <>
            <Item label={k.specialNeedsCodes} value={learner.specialNeedsCodes.map((c) => SPECIAL_NEEDS_LABELS[c] ?? c).join(', ')} wide testId="detail-specialNeedsCodes" />
            <Item label={k.medicalCondition} value={learner.medicalCondition} wide testId="detail-medicalCondition" />
          </>
        )}
      </Group>
      {showHealth && (
        <Group title={g.health}>
          <Item label={f.medicalNotes} value={learner.medicalNotes} wide testId="detail-medicalNotes" />
          <Item label={f.specialNeeds} value={learner.specialNeeds} wide testId="detail-specialNeeds" />
        </Group>
      )}
    </div>
  );
}
