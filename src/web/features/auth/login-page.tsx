import * as React from 'react';
import { useNavigate } from 'react-router';
import { homePathFor } from '@shared/access';
import { messages } from '@shared/messages';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** /login placeholder: the auth work builds the split panel of spec §2. */
export function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = React.useState<string | null>(null);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    try {
      const user = await signIn({ email: String(f.get('email')), password: String(f.get('password')), accessType: 'school', rememberMe: true });
      navigate(homePathFor(user.role), { replace: true });
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    <form onSubmit={onSubmit} className="mx-auto mt-20 flex max-w-sm flex-col gap-3">
      <Input name="email" placeholder={messages.login.email} />
      <Input name="password" type="password" placeholder={messages.login.password} />
      <Button type="submit">{messages.login.signIn}</Button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
