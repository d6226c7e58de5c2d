/** A form field's error under the input, announced to screen readers. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive" role="alert">
      {message}
    </p>
  );
}
