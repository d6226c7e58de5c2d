import { Link } from 'react-router';

/** / placeholder until the marketing site issue. */
export function LandingPage() {
  return (
    <div className="p-6">
      <h1>EduFam</h1>
      <Link to="/login">Sign In</Link>
    </div>
  );
}
