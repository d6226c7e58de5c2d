import { messages } from '@shared/messages';

/** /unauthorized placeholder. */
export function UnauthorizedPage() {
  return <p>{messages.unauthorized.text}</p>;
}
