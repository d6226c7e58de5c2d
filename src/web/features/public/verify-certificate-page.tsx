import { Link, useParams } from 'react-router';
import { ShieldX } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';

/**
 * /verify-certificate/:certificateId (spec §2, §4 Certificate verify). Certificates arrive with their
 * own module; until then no certificate can be verified, so the page shows the spec's failure state.
 * Strings move to messages.ts with the certificates module.
 */
const copy = {
  title: messages.certificates.verificationFailed,
  notFound: messages.certificates.notFound,
  reference: messages.certificates.reference,
  home: messages.certificates.home,
};

export function VerifyCertificatePage() {
  const { certificateId } = useParams();
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center bg-background px-5 py-12">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-linear-to-b from-destructive/[0.06] to-transparent" />
      <Link to="/" className="relative mb-8 inline-flex items-center gap-2.5 rounded-lg">
        <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8">
          <rect width="32" height="32" rx="8" fill="#0f766e" />
          <path d="M8 11l8-4 8 4-8 4-8-4zm3 3.5v4.5c0 1.7 2.2 3 5 3s5-1.3 5-3v-4.5l-5 2.5-5-2.5z" fill="#fff" />
        </svg>
        <span className="text-lg font-semibold tracking-tight">{messages.product.title}</span>
      </Link>
      <main className="relative w-full max-w-md rounded-2xl border bg-card p-8 text-center text-card-foreground shadow-sm">
        <span className="mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldX className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{copy.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{copy.notFound}</p>
        {certificateId && (
          <p className="mt-5 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
            {copy.reference}: <span className="break-all font-mono text-foreground">{certificateId}</span>
          </p>
        )}
        <Button asChild variant="outline" className="mt-6 w-full">
          <Link to="/">{copy.home}</Link>
        </Button>
      </main>
    </div>
  );
}
