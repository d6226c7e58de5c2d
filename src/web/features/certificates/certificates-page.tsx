import * as React from 'react';
import type { CertificateListItem } from '@shared/contracts/assessment';
import { can } from '@shared/access';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { sectionLabel } from '@shared/sections';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { useCertificateDownload } from './api/certificates';
import type { CertificateActionHandlers } from './components/certificate-actions';
import { CertificateSheet } from './components/certificate-sheet';
import { CertificateSchoolFilter, CertificatesList, type CertificatesMode } from './components/certificates-list';
import { GeneratePanel } from './components/generate-panel';
import { RevokeDialog } from './components/revoke-dialog';

/**
 * The certificates section (issue 12 §6) for each role that has it: the principal's "Certificate
 * Generation" (the generate panel above the school's certificates, with Revoke), the director's "View
 * Certificates" (the list, read only) and the platform's "Certificate Management" (every school, a
 * school filter; edufam_admin revokes). A row opens the certificate's details.
 */
export function CertificatesPage({ mode }: { mode: CertificatesMode }) {
  const { state } = useAuth();
  const { currentSchool } = useSchoolContext();
  const user = state.user;
  const role = user?.role ?? null;
  const actor = user && role ? { id: user.id, role, schoolId: user.schoolId } : null;
  const canGenerate = mode === 'principal' && !!actor && can(actor, 'generateCertificates');
  const canRevoke = mode !== 'director' && !!actor && can(actor, 'revokeCertificates');

  const [open, setOpen] = React.useState<CertificateListItem | null>(null);
  const [revoking, setRevoking] = React.useState<CertificateListItem | null>(null);
  const download = useCertificateDownload(m.actions.downloadFailed);
  const { one, isBusy } = download;

  const handlers = React.useMemo<CertificateActionHandlers>(
    () => ({ canRevoke, onOpen: setOpen, onRevoke: setRevoking, onDownload: (c) => void one(c), isDownloading: isBusy }),
    [canRevoke, one, isBusy],
  );

  const subtitle = mode === 'admin' ? m.subtitle.admin : currentSchool?.name ? `${currentSchool.name} · ${m.subtitle[mode]}` : m.subtitle[mode];

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="certificates-page" data-mode={mode}>
      <PageHeader sectionId="certificates" title={role ? sectionLabel(role, 'certificates') : ''} subtitle={subtitle} actions={mode === 'admin' ? <CertificateSchoolFilter /> : undefined} />
      {canGenerate && <GeneratePanel onDownloadBatch={(key, ids) => void download.batch(key, ids)} isDownloading={isBusy} />}
      <CertificatesList mode={mode} handlers={handlers} onOpen={setOpen} />
      <CertificateSheet row={open} onClose={() => setOpen(null)} handlers={handlers} showSchool={mode === 'admin'} />
      <RevokeDialog cert={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}
