import * as React from 'react';
import { isAdminRole } from '@shared/roles';
import { sectionLabel } from '@shared/sections';
import { NotAvailableYet } from '@/components/not-available-yet';
import { useAuth } from '@/lib/auth';
import type { CertificatesMode } from './components/certificates-list';

/**
 * The "certificates" section (issue 12 §6; spec §2): the principal's "Certificate Generation", the
 * director's "View Certificates" and the platform staff's "Certificate Management".
 */
const CertificatesPage = React.lazy(() => import('./certificates-page').then((m) => ({ default: m.CertificatesPage })));

export function CertificatesSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  if (!role) return null;
  const mode: CertificatesMode | null = role === 'principal' ? 'principal' : role === 'school_director' ? 'director' : isAdminRole(role) ? 'admin' : null;
  if (!mode) return <NotAvailableYet sectionId="certificates" title={sectionLabel(role, 'certificates')} />;
  return <CertificatesPage mode={mode} />;
}
