import { Link } from 'react-router';
import { Camera, CircleCheck, Info, UserPlus, UserRound } from 'lucide-react';
import { learnerName } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Captioned } from '@/components/captioned';
import type { AdmissionResult } from '../api/learners';
import { LearnerPhoto } from '@/features/learner-photo';
import { IconBadge } from '@/components/icon-badge';

const a = messages.learners.admission;

/**
 * After an admission: the admission number, what the server did (the admission, guardians linked
 * rather than duplicated, parent accounts e-mailed), and the next steps: open the profile (where the
 * photo is added) or admit another learner.
 */
export function AdmissionSuccess({ result, profilePath, onAnother }: { result: AdmissionResult; profilePath: string; onAnother: () => void }) {
  const name = learnerName(result);
  return (
    <section className="mx-auto w-full max-w-2xl overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="admission-success" aria-live="polite">
      <div className="flex flex-col items-center gap-3 border-b bg-emerald-500/5 px-6 py-8 text-center">
        <IconBadge icon={CircleCheck} className="size-12 rounded-full bg-emerald-500/15 text-emerald-600 dark:text-emerald-400" iconClassName="size-6" />
        <h2 className="text-lg font-semibold tracking-tight">{a.successTitle}</h2>
        <div className="flex items-center gap-3">
          <LearnerPhoto studentId={result.id} name={name} gender={result.gender} size="md" />
          <div className="text-left">
            <p className="font-medium">{name}</p>
            <p className="text-sm text-muted-foreground">{result.className}</p>
          </div>
        </div>
        <Captioned caption={a.successNumber} className="mt-1 rounded-lg border bg-background px-5 py-3" captionClassName="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <p className="mt-0.5 font-mono text-2xl font-semibold tracking-tight" data-testid="admission-number">
            {result.admissionNumber}
          </p>
        </Captioned>
      </div>
      <div className="flex flex-col gap-4 px-5 py-5 sm:px-6">
        <ul className="flex flex-col gap-2" data-testid="admission-notices">
          {result.notices.map((n, i) => (
            <li key={i} className="flex items-start gap-2.5 text-sm leading-relaxed">
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0">{n}</span>
            </li>
          ))}
          <li className="flex items-start gap-2.5 text-sm leading-relaxed text-muted-foreground">
            <Camera className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0">{a.photoLater}</span>
          </li>
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onAnother} data-testid="admission-another">
            <UserPlus aria-hidden />
            {a.admitAnother}
          </Button>
          <Button asChild data-testid="admission-open-profile">
            <Link to={profilePath}>
              <UserRound aria-hidden />
              {a.openProfile}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
