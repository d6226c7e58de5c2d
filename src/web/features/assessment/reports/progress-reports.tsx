import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { ChildIdentity } from '@/components/child-identity';
import { ParentChildrenPage, ReportCardList, type Child } from '../parent/child-grades';
import { useFileDownload } from '@/lib/download';

const m = messages.reportsScreens;

function ChildReports({ child, downloads, gradesPath }: { child: Child; downloads: ReturnType<typeof useFileDownload>; gradesPath: string }) {
  return (
    <article className="@container flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="child-reports" data-student-id={child.studentId}>
      <header className="flex items-center gap-3 border-b p-4 sm:p-5">
        <ChildIdentity child={child} />
        {child.series.length > 0 && (
          <Button asChild variant="ghost" size="sm" className="shrink-0 px-2 text-muted-foreground hover:text-primary sm:px-3">
            <Link to={`${gradesPath}?child=${encodeURIComponent(child.studentId)}`} aria-label={m.viewGrades} data-testid="view-grades">
              <span className="hidden sm:inline">{m.viewGrades}</span>
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        )}
      </header>
      <div className="p-4 sm:p-5">
        <ReportCardList child={child} downloads={downloads} />
      </div>
    </article>
  );
}

/** Parent "Progress Reports" (issue 12 §5): each child's report card per term with released results, as PDFs. */
export function ProgressReports() {
  const { state } = useAuth();
  const downloads = useFileDownload(m.downloadFailed);
  const gradesPath = pathForSection(state.user?.role ?? null, 'grades');
  return (
    <ParentChildrenPage
      sectionId="reports"
      title={m.progressReportsTitle}
      subtitle={m.progressSubtitle}
      render={(items) => (
        <div className={cn('grid min-w-0 items-start gap-4 sm:gap-6', items.length > 1 && 'xl:grid-cols-2')} data-testid="children-reports">
          {items.map((c) => (
            <ChildReports key={c.studentId} child={c} downloads={downloads} gradesPath={gradesPath} />
          ))}
        </div>
      )}
    />
  );
}
