import { useLocation } from 'react-router';
import { sectionForPath } from '@shared/access';
import { useAuth } from '@/lib/auth';

/** The signed-in shell. Placeholder until the shell work lands. */
export function ShellPage() {
  const { state, signOut } = useAuth();
  const location = useLocation();
  const section = sectionForPath(location.pathname) ?? 'dashboard';
  return (
    <div className="p-6">
      <p>Signed in as {state.user?.name} ({state.user?.role})</p>
      <p data-testid="active-section">{section}</p>
      <button onClick={() => void signOut()}>Log out</button>
    </div>
  );
}
