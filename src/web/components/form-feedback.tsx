import { AlertCircle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';

/** A form field's error under the input, announced to screen readers; `id` is the input's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive" role="alert">
      {message}
    </p>
  );
}

/**
 * The whole form's failure above its buttons: `title` (e.g. the spec's "Failed to create user"), and
 * the server's reason as `detail` when it says more than the title.
 */
export function FormErrorAlert({ title, detail, testId }: { title: string; detail?: string | null; testId: string }) {
  return (
    <Alert variant="destructive" className="flex items-start gap-2.5 leading-relaxed" data-testid={testId}>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {detail && detail !== title && <p className="mt-0.5 opacity-90">{detail}</p>}
      </div>
    </Alert>
  );
}
