import * as React from 'react';
import { ClipboardCheck, FolderKanban, ListTodo, Plus } from 'lucide-react';
import { projectHubMessages as pm } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { useAuth } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useHubParams } from './hub-bits';
import { MyTasks } from './my-tasks';
import { NewProjectDialog } from './new-project-dialog';
import { OnboardingChecklistView } from './onboarding-checklist';
import { ProjectBoard } from './project-board';
import { ProjectList } from './project-list';
import { TaskSheet } from './task-sheet';

/**
 * EduFam's Project Hub (issue 18 §4, edufam_admin): Projects (cards, then a project's Kanban board),
 * My tasks, and the per-school Onboarding checklists. The open project, task and school live in the
 * URL (?project=, ?task=, ?school=, ?tab=). Data refetches when the window regains focus.
 */
export function ProjectHubSection() {
  const { state } = useAuth();
  const viewerId = state.user?.id ?? null;
  const p = useHubParams();
  const [creating, setCreating] = React.useState(false);
  const openTask = (id: string) => p.set({ task: id });
  const openProject = (id: string) => p.set({ tab: null, project: id, task: null });

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="project-hub">
      <PageHeader
        sectionId="project-hub"
        title={pm.title}
        subtitle={hs.subtitle}
        actions={
          <Button onClick={() => setCreating(true)} data-testid="hub-new-project-button">
            <Plus aria-hidden />
            {hs.list.newProject}
          </Button>
        }
      />
      <Tabs value={p.tab} onValueChange={(tab) => p.set({ tab: tab === 'projects' ? null : tab, task: null })}>
        <IconTabsList
          tabs={[
            { value: 'projects', icon: FolderKanban, label: hs.tabs.projects, testId: 'hub-tab-projects' },
            { value: 'mine', icon: ListTodo, label: hs.tabs.myTasks, testId: 'hub-tab-mine' },
            { value: 'onboarding', icon: ClipboardCheck, label: hs.tabs.onboarding, testId: 'hub-tab-onboarding' },
          ]}
        />
        <TabsContent value="projects">
          {p.projectId ? (
            <ProjectBoard projectId={p.projectId} onBack={() => p.set({ project: null, task: null })} onOpenTask={openTask} viewerId={viewerId} />
          ) : (
            <ProjectList onNew={() => setCreating(true)} />
          )}
        </TabsContent>
        <TabsContent value="mine">
          <MyTasks viewerId={viewerId} onOpenTask={openTask} />
        </TabsContent>
        <TabsContent value="onboarding">
          <OnboardingChecklistView />
        </TabsContent>
      </Tabs>
      <TaskSheet taskId={p.taskId} onClose={() => p.set({ task: null })} viewerId={viewerId} onOpenProject={openProject} />
      <NewProjectDialog
        open={creating}
        onClose={() => setCreating(false)}
        viewerId={viewerId}
        onCreated={(id) => {
          setCreating(false);
          openProject(id);
        }}
      />
    </section>
  );
}
